import { CASE_LIMITS, CASE_UPLOAD_BYTES, caseMessages } from '../../../shared/cases/cases';
import type { LicenseTypeId } from '../../../shared/licenses/catalog';
import type { caseContract } from '../../../shared/contract/case';
import type { caseAdminContract } from '../../../shared/contract/case.admin';
import { attachmentLink } from '../../domain/cases/case-files';
import { readCaseStatistics } from '../../domain/cases/case-figures';
import { caseList, caseSummary, toCaseListRow } from '../../domain/cases/case-list';
import { mailCaseWriting } from '../../domain/cases/case-mail';
import type { CaseAttachmentRecord, CaseCommentRecord, CaseRecord } from '../../domain/cases/case-record';
import { mayDeleteAttachment, maySeeCase, type CaseViewer } from '../../domain/cases/case.rules';
import { assignCase, checkCommentKind, closeCase, commentOnCase, openCase, caseBytes, visibleCase } from '../../domain/cases/cases';
import { commentPage } from '../../domain/cases/case-comments';
import { casesOf, findCaseWithDetails } from '../../domain/cases/cases.repository';
import { personName } from '../../domain/users/person';
import { resolveCallerUser } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { caseSubjectOf } from './case-subject';
import { isAdminUser, viewerOf } from './viewer';

type Handlers = EndpointHandlers<typeof caseContract> & EndpointHandlers<typeof caseAdminContract>;

const HOUR = 3600;
export const caseAttempts = {
  create: { action: 'create-case', max: CASE_LIMITS.cases, windowSeconds: HOUR, message: caseMessages.tooManyCases },
  comment: { action: 'case-comment', max: CASE_LIMITS.comments, windowSeconds: HOUR, message: caseMessages.tooManyComments },
  upload: { action: 'case-upload', max: CASE_LIMITS.uploads, windowSeconds: HOUR, message: caseMessages.tooManyUploads },
  /** Counted in bytes: `max` is what a day's uploads may weigh together. */
  uploadBytes: { action: 'case-upload-bytes', max: CASE_UPLOAD_BYTES.perDay, windowSeconds: 24 * HOUR, message: caseMessages.uploadBytesPerDay },
} satisfies Record<string, AttemptLimit>;

/** Takes one of a customer's attempts (admins are not held to the limits). */
export const limitCustomer = async (viewer: CaseViewer, limit: AttemptLimit): Promise<void> => {
  if (!viewer.isAdmin) await takeAttempt(limit, viewer.userId);
};

/**
 * Holds a customer's upload of `bytes` to the limits: what their cases hold with it (400 beyond, as a case's count is),
 * one of the hour's uploads, and its bytes from the day's. Either refusal takes nothing.
 */
export async function limitCustomerUpload(viewer: CaseViewer, bytes: number): Promise<void> {
  if (viewer.isAdmin) return;
  if ((await caseBytes(viewer.userId)) + bytes > CASE_UPLOAD_BYTES.cases) throw badRequest(caseMessages.caseBytesFull);
  const upload = await takeAttempt(caseAttempts.upload, viewer.userId);
  try {
    await takeAttempt(caseAttempts.uploadBytes, viewer.userId, new Date(), bytes);
  } catch (error) {
    await upload.giveBack();
    throw error;
  }
}


/** An attachment as the viewer gets it: a fresh short-lived link to a stored file. */
export const attachmentResult = async (attachment: CaseAttachmentRecord, viewer: CaseViewer) => ({
  id: attachment.id,
  case_id: attachment.case_id,
  uploaded: attachment.uploaded,
  // One being completed is still an upload under way to the caller.
  state: attachment.state === 'stored' ? ('stored' as const) : ('uploading' as const),
  filename: attachment.filename,
  user_id: attachment.user_id,
  size: attachment.size,
  content_type: attachment.content_type,
  link: attachment.state === 'stored' ? await attachmentLink(attachment) : null,
  can_delete: mayDeleteAttachment(attachment, viewer),
});

/** An admin's list is every case (the declared list in memory); a customer's their own, by Query, filtered the same way. */
export const getCases: Handlers['get_cases'] = async (params, { caller }) => {
  const viewer = await viewerOf(caller);
  if (viewer.isAdmin) {
    const page = await caseList.page(params);
    return { cases: page.rows, count: page.count };
  }
  const own = (await casesOf(viewer.userId)).map(toCaseListRow);
  const page = caseList.pageFrom(own, {}, { ...params, user: null, assigned_to: null, search: params.search });
  return { cases: page.rows, count: page.count };
};

/** A comment as the viewer gets it: an admin also reads whether it is an internal note. */
const commentResult = ({ id, comment, user_id, created, by_admin, internal }: CaseCommentRecord, viewer: CaseViewer) => ({
  id,
  comment,
  user_id,
  created,
  by_admin,
  ...(viewer.isAdmin ? { internal: internal === true } : {}),
});

/** What the case is about, as it was named when opened. */
const subjectResult = (kase: CaseRecord) => ({
  license: kase.license_id !== undefined && kase.license_type_id !== undefined ? { id: kase.license_id, license_type_id: kase.license_type_id as LicenseTypeId } : null,
  product:
    kase.product_id !== undefined && kase.product_kind !== undefined && kase.product_uid !== undefined
      ? { id: kase.product_id, product_id: kase.product_kind, uid: kase.product_uid }
      : null,
});

/** A case with what the viewer may read of it: internal notes and the history only for admins, left out (not hidden) for its user. */
export const getCase: Handlers['get_case'] = async ({ id }, { caller }) => {
  const viewer = await viewerOf(caller);
  const found = await findCaseWithDetails(id);
  if (!found || !maySeeCase(found.kase, viewer)) throw notFound(caseMessages.notFound(id));
  const conversation = await commentPage(id, viewer, null);
  return {
    ...caseSummary(found.kase),
    ...subjectResult(found.kase),
    comments: conversation.comments.map((comment) => commentResult(comment, viewer)),
    earlier_comments: conversation.earlier,
    attachments: await Promise.all(found.attachments.map((attachment) => attachmentResult(attachment, viewer))),
    ...(viewer.isAdmin
      ? {
          history: found.history.map((event) => ({
            at: event.at,
            by_user_id: event.by_user_id,
            kind: event.kind,
            from_state: event.from_state ?? null,
            to_state: event.to_state ?? null,
            assigned_to: event.assigned_to ?? null,
          })),
        }
      : {}),
  };
};

/** Earlier comments of a case the viewer may see, a page at a time as get_case answers the newest. */
export const getCaseComments: Handlers['get_case_comments'] = async ({ case_id, before }, { caller }) => {
  const viewer = await viewerOf(caller);
  await visibleCase(case_id, viewer);
  const page = await commentPage(case_id, viewer, before);
  return { comments: page.comments.map((comment) => commentResult(comment, viewer)), earlier_comments: page.earlier };
};

export const getCaseStatistics: Handlers['get_case_statistics'] = () => readCaseStatistics();

/**
 * Opens a case for the caller, or with `user_id` (admins only) for that customer, as support does for a
 * customer who called: the case is theirs (name, email, their list), and the admin who opened it is in its
 * history and audited. A license or product it names must be the case's customer's, else nothing is opened.
 */
export const createCase: Handlers['create_case'] = async ({ title, description, license_id, product_id, user_id }, { caller }) => {
  const forCustomer = user_id !== undefined;
  if (forCustomer && !caller.isAdmin) throw forbidden(caseMessages.openForCustomerAdminsOnly);
  const opener = await resolveCallerUser(caller);
  const user = forCustomer ? await findUserById(user_id) : opener;
  if (!user) throw notFound(caseMessages.customerNotFound(user_id!));
  const byAdminForCustomer = user.id !== opener.id;
  // Checked before an attempt is taken: a refused case costs nothing.
  const subject = await caseSubjectOf(user.id, { license_id, product_id });
  await limitCustomer({ userId: opener.id, isAdmin: caller.isAdmin }, caseAttempts.create);
  const kase = await openCase(
    { id: user.id, name: personName(user), email: user.email },
    title,
    description,
    subject,
    byAdminForCustomer ? { by_user_id: opener.id } : undefined,
  );
  // A customer's case tells support; one support opened for a customer tells the customer, as an answer does.
  await mailCaseWriting({ kase, what: 'opened', authorId: opener.id, bySupport: byAdminForCustomer, text: description, visibleToCustomer: true });
  return { id: kase.id };
};

/**
 * A comment, or with `internal` an admin's internal note. The answer's state is the case's after it (a
 * note leaves it as it was). Whatever reaches the other side after a comment (mail) skips a note.
 */
export const addComment: Handlers['add_comment'] = async ({ case_id, comment, close, internal }, { caller }) => {
  const viewer = await viewerOf(caller);
  // A customer's note is refused before anything is read or an attempt taken.
  checkCommentKind(viewer, close ?? false, internal ?? false);
  // Another's case is "not found" before an attempt is taken.
  await visibleCase(case_id, viewer);
  await limitCustomer(viewer, caseAttempts.comment);
  const written = await commentOnCase(case_id, viewer, comment, close ?? false, { internal: internal ?? false });
  // Support's answer mails the customer, the customer's comment mails support; an internal note mails nobody.
  await mailCaseWriting({
    kase: written.kase,
    what: 'comment',
    authorId: viewer.userId,
    bySupport: viewer.isAdmin,
    text: comment,
    visibleToCustomer: !written.comment.internal,
  });
  return { case_id, comment_id: written.commentId, state: written.kase.state };
};

export const assignCaseHandler: Handlers['assign_case'] = async ({ case_id, user_id }, { caller }) => {
  const viewer = await viewerOf(caller);
  const assignee = typeof user_id === 'number' ? user_id : undefined;
  if (assignee !== undefined) {
    const user = await findUserById(assignee);
    if (!user || !(await isAdminUser(user.username))) throw badRequest(caseMessages.assigneeNotAdmin(assignee));
  }
  const kase = await assignCase(case_id, viewer, assignee);
  return { case_id, assigned_to: kase.assigned_to ?? null };
};

export const closeCaseHandler: Handlers['close_case'] = async ({ case_id }, { caller }) => {
  const kase = await closeCase(case_id, await viewerOf(caller));
  return { case_id, state: kase.state };
};
