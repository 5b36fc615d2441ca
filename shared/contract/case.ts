import * as z from 'zod/mini';
import { MAX_ATTACHMENT_BYTES, MAX_CASE_TITLE_LENGTH, MAX_COMMENT_LENGTH, MAX_MULTIPART_ATTACHMENT_BYTES, caseMessages } from '../cases/cases';
import { LICENSE_TYPE_IDS } from '../licenses/catalog';
import { presignedUploadSchema } from '../files/presigned-upload';
import { caseListColumns } from '../lists/admin-lists';
import { listParams } from '../lists/declare';
import { caseSchema } from './rows/case';
import { cmd, defineEndpoint, formInt, uploadCmd } from './define';

const id = () => z.int().check(z.positive());
const state = () => z.int().check(z.minimum(0), z.maximum(3));

export { caseSchema, type Case } from './rows/case';

export const caseCommentSchema = () => z.object({
  id: z.int(),
  comment: z.string(),
  user_id: z.int(),
  created: z.string(),
  /** Written by support (an administrator), not by the case's user. */
  by_admin: z.boolean(),
  /** An internal note, support's only (admins read this field; the case's user never gets a note at all). */
  internal: z.optional(z.boolean()),
});
export type CaseComment = z.infer<ReturnType<typeof caseCommentSchema>>;

/**
 * An attachment: `state` is `stored` once its file is there, `uploading` while a presigned upload is
 * under way. `link` is a short-lived download link (`/attachments/{caseId}/{attachmentId}/{filename}?…`)
 * for a stored file, handed only to the case's user and admins; the file always downloads as a file.
 */
export const caseAttachmentSchema = () => z.object({
  id: z.int(),
  case_id: z.int(),
  uploaded: z.string(),
  state: z.enum(['uploading', 'stored']),
  filename: z.string(),
  user_id: z.int(),
  size: z.int(),
  content_type: z.string(),
  link: z.nullable(z.string()),
  /** The caller may delete it (an admin, or its uploader). */
  can_delete: z.boolean(),
});
export type CaseAttachment = z.infer<ReturnType<typeof caseAttachmentSchema>>;

/** A state change or an assignment, with who and when (admins only read them). */
export const caseEventSchema = () => z.object({
  at: z.string(),
  by_user_id: z.int(),
  kind: z.enum(['state', 'assign']),
  from_state: z.nullable(state()),
  to_state: z.nullable(state()),
  assigned_to: z.nullable(z.int()),
});
export type CaseEvent = z.infer<ReturnType<typeof caseEventSchema>>;

/**
 * What a case names of a license: its id and type, as they were when the case was opened (a license's
 * type never changes), so the case keeps saying what it was about after the license moved on.
 */
export const caseLicenseSchema = () => z.object({ id: z.int(), license_type_id: z.enum(LICENSE_TYPE_IDS) });
/** What a case names of a registered product: the registration's id, and the unit's product id and uid (as My products names it). */
export const caseProductSchema = () => z.object({ id: z.int(), product_id: z.string(), uid: z.string() });
export type CaseLicense = z.infer<ReturnType<typeof caseLicenseSchema>>;
export type CaseProduct = z.infer<ReturnType<typeof caseProductSchema>>;

const titleSchema = () => z.string().check(z.trim(), z.minLength(1, caseMessages.titleRequired), z.maxLength(MAX_CASE_TITLE_LENGTH, caseMessages.titleTooLong));
const commentText = () => z.string().check(z.maxLength(MAX_COMMENT_LENGTH, caseMessages.commentTooLong), z.refine((text) => text.trim().length > 0, caseMessages.commentRequired));

/**
 * The `case` endpoint's cmds for every signed-in user: a customer's own cases (another user's case is
 * "not found" to them), an admin's every case. Assigning and closing are in case.admin.ts.
 */
export const caseContract = defineEndpoint({
  path: 'case',
  cmds: {
    /**
     * Cases, 20 a page, last updated first unless asked: a customer's own, an admin's all. `state` takes
     * the states a filter shows (Open: [1, 2, 3]; none: all); `user` (a user id), `search` (id, title,
     * name, email) and `assigned_to` (a user id; 0: nobody) filter an admin's list.
     */
    get_cases: cmd(
      'user',
      () => ({
        ...listParams(caseListColumns),
        state: z.optional(z.nullable(z.array(state()).check(z.maxLength(4)))),
        user: z.optional(z.nullable(id())),
        /** A user id, or 0: the cases assigned to nobody. */
        assigned_to: z.optional(z.nullable(z.int().check(z.minimum(0)))),
      }),
      () => z.object({ cases: z.array(caseSchema()), count: z.int() }),
      { list: caseListColumns },
    ),
    /**
     * A case with its attachments and the newest page of its comments (an admin also reads its history):
     * at most 50 comments and about 1 MB of them, oldest first; `earlier_comments` says there are earlier
     * ones (get_case_comments).
     */
    get_case: cmd(
      'user',
      () => ({ id: id() }),
      () => z.object({
        ...caseSchema().shape,
        /** The license the case is about (create_case's `license_id`), or null. */
        license: z.optional(z.nullable(caseLicenseSchema())),
        /** The registered product the case is about (create_case's `product_id`), or null. */
        product: z.optional(z.nullable(caseProductSchema())),
        comments: z.array(caseCommentSchema()),
        earlier_comments: z.boolean(),
        attachments: z.array(caseAttachmentSchema()),
        history: z.optional(z.array(caseEventSchema())),
      }),
    ),
    /** The page of a case's comments written before the comment `before`, as get_case pages them. */
    get_case_comments: cmd('user', () => ({ case_id: id(), before: id() }), () => z.object({ comments: z.array(caseCommentSchema()), earlier_comments: z.boolean() })),
    /**
     * Opens a case (state 1 New): `title` is its description line, `description` its first text. It may
     * name one of the caller's licenses (`license_id`: owned or shared with them) and one of their
     * registered products (`product_id`, the registration's id as move_product takes it). An admin may
     * open it for a customer with `user_id`: the case is theirs (and the license or product must be);
     * a customer sending `user_id` is refused (403).
     */
    create_case: cmd(
      'user',
      () => ({ title: titleSchema(), description: commentText(), license_id: z.optional(id()), product_id: z.optional(id()), user_id: z.optional(id()) }),
      () => z.object({ id: z.int() }),
      { limits: ['createCase'], audit: 'some' },
    ),
    /**
     * Comments on a case: an admin's comment makes it 2 (Waiting for user response), its user's 3
     * (Waiting for admin response, also on a closed case: it reopens); with `close` it is closed (0).
     * `internal` (admins only) makes it an internal note: the case's user never sees it, and it changes
     * neither the state nor the case's `updated`; a note cannot close the case.
     */
    add_comment: cmd(
      'user',
      () => ({ case_id: id(), comment: commentText(), close: z.optional(z.boolean()), internal: z.optional(z.boolean()) }),
      () => z.object({ case_id: z.int(), comment_id: z.int(), state: state() }),
      { limits: ['caseComment'], audit: 'some' },
    ),
    /** Attaches a file sent in the call (multipart with `case_id`), up to 4 MB; larger files use create_attachment_upload. */
    upload_case_attachment: uploadCmd('user', { maxBytes: MAX_MULTIPART_ATTACHMENT_BYTES }, () => ({ case_id: formInt() }), caseAttachmentSchema, null, { limits: ['caseUpload', 'caseFileBytes'] }),
    /**
     * Starts an upload straight to storage of a file of `size` bytes (up to 50 MB) named `filename`: the
     * answer's `upload` is a form to POST the file with (its type and size are signed into it); then
     * complete_attachment_upload.
     */
    create_attachment_upload: cmd(
      'user',
      () => ({ case_id: id(), filename: z.string().check(z.minLength(1), z.maxLength(255)), size: z.int().check(z.minimum(1), z.maximum(MAX_ATTACHMENT_BYTES)) }),
      () => z.object({ attachment: caseAttachmentSchema(), upload: presignedUploadSchema }),
      { limits: ['caseUpload', 'caseUploadBytes'] },
    ),
    /** Completes a presigned upload once its file is stored: the attachment is listed from then on. */
    complete_attachment_upload: cmd('user', () => ({ attachment_id: id() }), caseAttachmentSchema),
    /**
     * Closes a case (state 0): an admin any case, a customer their own (without writing a comment);
     * a closed case stays as it is.
     */
    close_case: cmd('user', () => ({ case_id: id() }), () => z.object({ case_id: z.int(), state: z.int() }), { audit: 'some' }),
    /** Deletes an attachment: an admin, or its uploader. */
    delete_attachment: cmd('user', () => ({ attachment_id: id() }), () => z.object({ attachment_id: z.int(), case_id: z.int() }), { audit: 'some' }),
  },
});
