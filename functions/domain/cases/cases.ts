import { randomUUID } from 'node:crypto';
import { CASE_STATE, MAX_ATTACHMENTS_PER_CASE, attachmentTypeOf, caseMessages, cleanAttachmentName } from '../../../shared/cases/cases';
import { nextId } from '../../lib/db/counters';
import type { AuditBy } from '../audit/audit.repository';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { deleteAttachmentFile, deleteStagedFile, putAttachmentFile, stagedFileSize, takeStagedFile } from './case-files';
import type { CaseAttachmentRecord, CaseCommentRecord, CaseEventRecord, CaseRecord } from './case-record';
import { maySeeCase, stateAfterComment, type CaseViewer } from './case.rules';
import { CaseChangedError, casesOf, claimUpload, findAttachment, findCase, releaseUpload, writeCase, type CaseWriteParts } from './cases.repository';

/** How often a write that lost a race with another on the same case is tried again from a fresh read. */
const TRIES = 8;

/** The case `id` as the viewer may see it: another user's case is "not found" to a customer. */
export async function visibleCase(id: number, viewer: CaseViewer): Promise<CaseRecord> {
  const kase = await findCase(id);
  if (!kase || !maySeeCase(kase, viewer)) throw notFound(caseMessages.notFound(id));
  return kase;
}

/**
 * Reads the case, lets `change` make its next state and the writes that go with it, and writes them
 * while the case is still as read; a case changed meanwhile is read again and the change made anew.
 */
async function changeCase(
  id: number,
  viewer: CaseViewer,
  change: (kase: CaseRecord, now: Date) => { next: CaseRecord; parts?: CaseWriteParts },
): Promise<CaseRecord> {
  for (let attempt = 1; ; attempt++) {
    const read = await visibleCase(id, viewer);
    const now = new Date();
    const { next, parts = {} } = change(read, now);
    try {
      await writeCase(read, next, parts, now);
      return next;
    } catch (error) {
      if (!(error instanceof CaseChangedError)) throw error;
      if (attempt >= TRIES) throw conflict(caseMessages.changedMeanwhile(id));
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * attempt));
    }
  }
}

/** The next revision of a case with `changes`, updated now. */
const revised = (kase: CaseRecord, changes: Partial<CaseRecord>, now: Date): CaseRecord => ({
  ...kase,
  ...changes,
  revision: kase.revision + 1,
  updated: now.toISOString(),
});

/** The history entry of a state change, or none when the state stays. */
function stateEvent(kase: CaseRecord, to: number, by: number, now: Date): CaseEventRecord[] {
  if (kase.state === to) return [];
  return [{ case_id: kase.id, revision: kase.revision + 1, kind: 'state', by_user_id: by, from_state: kase.state, to_state: to, at: now.toISOString() }];
}

/**
 * What a new case is about, as its user held it when opening it: a license (id, type) and/or a
 * registered product (id, the unit's product id and uid).
 */
export interface CaseSubject {
  license?: { id: number; license_type_id: string };
  product?: { id: number; product_id: string; uid: string };
}

/**
 * Opens a case (state 1 New) for the user, with who opened it in its history and what it is about.
 * `openedBy` is the admin who opens it for the user: they are in its history, and the opening is audited
 * in the user's trail as other admin changes of a case are.
 */
export async function openCase(
  user: { id: number; name: string; email: string },
  title: string,
  description: string,
  subject: CaseSubject = {},
  openedBy?: AuditBy,
): Promise<CaseRecord> {
  const id = await nextId('case');
  const now = new Date();
  const kase: CaseRecord = {
    id,
    user_id: user.id,
    name: user.name,
    email: user.email,
    title,
    description,
    state: CASE_STATE.new,
    ...(subject.license ? { license_id: subject.license.id, license_type_id: subject.license.license_type_id } : {}),
    ...(subject.product ? { product_id: subject.product.id, product_kind: subject.product.product_id, product_uid: subject.product.uid } : {}),
    attachment_count: 0,
    attachment_slots: 0,
    revision: 1,
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  const opened: CaseEventRecord = { case_id: id, revision: 1, kind: 'state', by_user_id: openedBy?.by_user_id ?? user.id, to_state: CASE_STATE.new, at: now.toISOString() };
  await writeCase(null, kase, { events: [opened], ...(openedBy ? { audit: { ...openedBy, fields: ['user_id', 'title'] } } : {}) }, now);
  return kase;
}

/**
 * Refuses an internal note from a customer (403) and one that would close the case (400: a note answers
 * nobody, so it cannot end the conversation; Close case or a comment with close does).
 */
export function checkCommentKind(viewer: CaseViewer, close: boolean, internal: boolean): void {
  if (!internal) return;
  if (!viewer.isAdmin) throw forbidden(caseMessages.internalNoteForAdmins);
  if (close) throw badRequest(caseMessages.internalNoteCannotClose);
}

/**
 * A comment: the state follows who wrote it (and `close`), in the same transaction. An internal note
 * (`internal`, admins only) is support's alone: the state stays (the customer was not answered) and so
 * does `updated` (what the customer's list orders by and shows: a note must not show there), though the
 * case's revision moves on like any write's. The comment written comes back with its `internal` mark:
 * whatever tells the case's user about comments (mail) must pass over a note.
 */
export async function commentOnCase(
  caseId: number,
  viewer: CaseViewer,
  comment: string,
  close: boolean,
  { internal = false }: { internal?: boolean } = {},
): Promise<{ kase: CaseRecord; commentId: number; comment: CaseCommentRecord }> {
  checkCommentKind(viewer, close, internal);
  const commentId = await nextId('case-comment');
  let written: CaseCommentRecord | undefined;
  const kase = await changeCase(caseId, viewer, (read, now) => {
    written = {
      case_id: read.id,
      id: commentId,
      user_id: viewer.userId,
      by_admin: viewer.isAdmin,
      ...(internal ? { internal: true } : {}),
      comment,
      created: now.toISOString(),
    };
    if (internal) return { next: { ...read, revision: read.revision + 1 }, parts: { comment: written } };
    const state = stateAfterComment(viewer.isAdmin, close);
    return {
      next: revised(read, { state }, now),
      // An admin's comment that closes the case is audited as Close case is.
      parts: { comment: written, events: stateEvent(read, state, viewer.userId, now), ...(viewer.isAdmin && close ? { audit: { by_user_id: viewer.userId, fields: ['state'] } } : {}) },
    };
  });
  return { kase, commentId, comment: written! };
}

/**
 * Closes a case (state 0): its user their own, an admin any (audited). Closing a closed case writes
 * nothing, so a loop of closes changes nothing (reopening takes a comment, which is limited).
 */
export async function closeCase(caseId: number, viewer: CaseViewer): Promise<CaseRecord> {
  const kase = await visibleCase(caseId, viewer);
  if (kase.state === CASE_STATE.closed) return kase;
  return changeCase(caseId, viewer, (read, now) => ({
    next: revised(read, { state: CASE_STATE.closed }, now),
    parts: { events: stateEvent(read, CASE_STATE.closed, viewer.userId, now), ...(viewer.isAdmin ? { audit: { by_user_id: viewer.userId, fields: ['state'] } } : {}) },
  }));
}

/** Assigns a case to an admin (undefined: clears), kept in its history. */
export const assignCase = (caseId: number, viewer: CaseViewer, assignee: number | undefined) =>
  changeCase(caseId, viewer, (read, now) => {
    const { assigned_to: _previous, ...rest } = read;
    const next = revised(assignee === undefined ? rest : { ...rest, assigned_to: assignee }, {}, now);
    const event: CaseEventRecord = {
      case_id: read.id,
      revision: next.revision,
      kind: 'assign',
      by_user_id: viewer.userId,
      ...(assignee !== undefined ? { assigned_to: assignee } : {}),
      at: now.toISOString(),
    };
    return { next, parts: { events: [event], audit: { by_user_id: viewer.userId, fields: ['assigned_to'] } } };
  });

/** A file's kept name and type, or the refusal: a name with an extension, of a type on the allow-list. */
export function checkedFile(name: string): { filename: string; contentType: string } {
  const filename = cleanAttachmentName(name);
  if (!filename) throw badRequest(caseMessages.badFileName);
  const contentType = attachmentTypeOf(filename);
  if (!contentType) throw badRequest(caseMessages.fileTypeNotAllowed);
  return { filename, contentType };
}

/**
 * Takes one of the case's attachment places for a new attachment (refused at MAX_ATTACHMENTS_PER_CASE);
 * the bytes of one its user sends count towards what their open cases hold.
 */
function withSlot(read: CaseRecord, attachment: CaseAttachmentRecord, changes: Partial<CaseRecord>, now: Date): CaseRecord {
  if (read.attachment_slots >= MAX_ATTACHMENTS_PER_CASE) throw badRequest(caseMessages.tooManyAttachments);
  return revised(read, { ...changes, attachment_slots: read.attachment_slots + 1, customer_bytes: customerBytes(read) + customerShare(read, attachment) }, now);
}

const customerBytes = (kase: CaseRecord) => kase.customer_bytes ?? 0;
/** The bytes of an attachment its case's user sent (support's files are not theirs to count). */
const customerShare = (kase: CaseRecord, attachment: CaseAttachmentRecord) => (attachment.user_id === kase.user_id ? attachment.size : 0);

/**
 * What the user's cases hold of their files, in bytes (uploads under way included). Closed cases count
 * too: their files are still kept, and a customer may close their own cases.
 */
export async function caseBytes(userId: number): Promise<number> {
  return (await casesOf(userId)).reduce((sum, kase) => sum + customerBytes(kase), 0);
}

/** Removes files nothing refers to; a failure leaves only an orphan object behind, so it is logged. */
async function dropFiles(attachment: CaseAttachmentRecord): Promise<void> {
  const removals = [deleteAttachmentFile(attachment), ...(attachment.staging_key ? [deleteStagedFile(attachment.staging_key)] : [])];
  for (const result of await Promise.allSettled(removals)) {
    if (result.status === 'rejected') {
      logger.warn('A case attachment file nothing refers to could not be removed', { case_id: attachment.case_id, id: attachment.id, error: result.reason as Error });
    }
  }
}

/**
 * A new attachment of the viewer's: its name cleaned and its type from the allow-list (else refused).
 * One uploaded by a presigned form gets its own fresh staging key, where that form's file lands.
 */
async function newAttachment(caseId: number, viewer: CaseViewer, name: string, size: number, state: CaseAttachmentRecord['state']): Promise<CaseAttachmentRecord> {
  const { filename, contentType } = checkedFile(name);
  return {
    case_id: caseId,
    id: await nextId('case-attachment'),
    user_id: viewer.userId,
    filename,
    content_type: contentType,
    size,
    state,
    uploaded: new Date().toISOString(),
    ...(state === 'uploading' ? { staging_key: randomUUID() } : {}),
  };
}

/** An attachment sent in the call: its file first, then its record with the case's count; a refused write removes the file. */
export async function attachFile(caseId: number, viewer: CaseViewer, name: string, bytes: Uint8Array): Promise<CaseAttachmentRecord> {
  const attachment = await newAttachment(caseId, viewer, name, bytes.byteLength, 'stored');
  await visibleCase(caseId, viewer);
  await putAttachmentFile(attachment, bytes);
  try {
    await changeCase(caseId, viewer, (read, now) => ({
      next: withSlot(read, attachment, { attachment_count: read.attachment_count + 1 }, now),
      parts: { putAttachment: attachment },
    }));
  } catch (error) {
    await dropFiles(attachment);
    throw error;
  }
  return attachment;
}

/** Starts a presigned upload: the attachment is kept as `uploading` (holding a place on the case) until completed. */
export async function startUpload(caseId: number, viewer: CaseViewer, name: string, size: number): Promise<CaseAttachmentRecord & { staging_key: string }> {
  const attachment = (await newAttachment(caseId, viewer, name, size, 'uploading')) as CaseAttachmentRecord & { staging_key: string };
  await changeCase(caseId, viewer, (read, now) => ({ next: withSlot(read, attachment, {}, now), parts: { putAttachment: attachment } }));
  return attachment;
}

/**
 * Completes a presigned upload once its file is in staging: the file is copied to the attachment's own
 * key, the attachment stored and counted, and the staging object removed. The form that landed it may
 * be posted again until it expires, but only ever into staging: the attachment's file is the one taken
 * now, and a completed upload is never taken again. Only the completion that claims the record
 * (`uploading` to `completing`) copies, so two at once never copy twice (a form posted again between
 * them would replace a file already stored); the other is told the upload is complete.
 */
export async function completeUpload(attachment: CaseAttachmentRecord, viewer: CaseViewer): Promise<CaseAttachmentRecord> {
  if (attachment.state !== 'uploading') throw conflict(caseMessages.uploadFinished);
  // An upload started before uploads were staged has no staging key: it cannot complete (its user deletes it and uploads again).
  const stagingKey = attachment.staging_key;
  const size = stagingKey ? await stagedFileSize(stagingKey) : null;
  if (!stagingKey || size === null) throw badRequest(caseMessages.uploadNotFinished);
  if (size !== attachment.size) throw badRequest(caseMessages.sizeDiffers);
  if (!(await claimUpload(attachment))) throw conflict(caseMessages.uploadFinished);
  try {
    await takeStagedFile(attachment, stagingKey);
  } catch (error) {
    await releaseUpload(attachment);
    throw error;
  }
  const { staging_key: _taken, ...rest } = attachment;
  const stored: CaseAttachmentRecord = { ...rest, state: 'stored', uploaded: new Date().toISOString() };
  try {
    await changeCase(attachment.case_id, viewer, (read, now) => ({
      next: revised(read, { attachment_count: read.attachment_count + 1 }, now),
      parts: { completeAttachment: stored },
    }));
  } catch (error) {
    // Deleted meanwhile: the copy just made is named by no record. Else it may be completed again.
    if (await findAttachment(attachment.id)) await releaseUpload(attachment);
    else await dropFiles(attachment);
    throw error;
  }
  try {
    await deleteStagedFile(stagingKey);
  } catch (error) {
    logger.warn('A taken staging file could not be removed: its bucket lifecycle removes it', { case_id: attachment.case_id, id: attachment.id, error: error as Error });
  }
  return stored;
}

/** Deletes an attachment: its record (and its place, count and bytes on the case) first, then its file (and a staged one). */
export async function removeAttachment(attachment: CaseAttachmentRecord, viewer: CaseViewer): Promise<void> {
  await changeCase(attachment.case_id, viewer, (read, now) => ({
    next: revised(
      read,
      {
        attachment_slots: Math.max(0, read.attachment_slots - 1),
        attachment_count: Math.max(0, read.attachment_count - (attachment.state === 'stored' ? 1 : 0)),
        customer_bytes: Math.max(0, customerBytes(read) - customerShare(read, attachment)),
      },
      now,
    ),
    parts: {
      deleteAttachment: attachment,
      // An admin deleting what a customer attached is audited (in the case owner's and the uploader's trails).
      ...(viewer.isAdmin && attachment.user_id !== viewer.userId
        ? {
            audit: {
              by_user_id: viewer.userId,
              before: { attachment_id: attachment.id, filename: attachment.filename },
              after: { attachment_id: null, filename: null },
              users: [attachment.user_id],
            },
          }
        : {}),
    },
  }));
  await dropFiles(attachment);
}

/**
 * Account deletion: the user's cases stay (support's history of the product, naming the user by id
 * only), their name and email are blanked on each case and its list row.
 */
export async function forgetCaseOwner(userId: number): Promise<void> {
  for (const kase of await casesOf(userId)) {
    if (!kase.name && !kase.email) continue;
    await changeCase(kase.id, { userId, isAdmin: false }, (read, now) => ({ next: revised(read, { name: '', email: '' }, now) }));
  }
}
