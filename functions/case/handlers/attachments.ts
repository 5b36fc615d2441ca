import { MAX_MULTIPART_ATTACHMENT_BYTES, caseMessages } from '../../../shared/cases/cases';
import type { caseContract } from '../../../shared/contract/case';
import { attachmentLink, attachmentUpload } from '../../domain/cases/case-files';
import { mayDeleteAttachment, maySeeCase, type CaseViewer } from '../../domain/cases/case.rules';
import { attachFile, checkedFile, completeUpload, removeAttachment, startUpload, visibleCase } from '../../domain/cases/cases';
import { findAttachment, findCase } from '../../domain/cases/cases.repository';
import type { CaseAttachmentRecord } from '../../domain/cases/case-record';
import type { EndpointHandlers, RedirectHandler } from '../../endpoint';
import { ApiError, forbidden, isOutage, notFound } from '../../lib/errors';
import { attachmentResult, checkCaseBytes } from './cases';

type Handlers = EndpointHandlers<typeof caseContract>;

/** An attachment on a case the viewer may see; any other is "not found". */
async function visibleAttachment(id: number, viewer: CaseViewer): Promise<CaseAttachmentRecord> {
  const attachment = await findAttachment(id);
  const kase = attachment ? await findCase(attachment.case_id) : null;
  if (!attachment || !kase || !maySeeCase(kase, viewer)) throw notFound(caseMessages.attachmentNotFound(id));
  return attachment;
}

/** A file sent in the call (multipart, up to 4 MB; the dispatcher answers 413 beyond): checked, counted, stored. */
export const uploadCaseAttachment: Handlers['upload_case_attachment'] = async ({ case_id, uploaded_file }, { viewer }) => {
  checkedFile(uploaded_file.name);
  await visibleCase(case_id, viewer);
  if (uploaded_file.size > MAX_MULTIPART_ATTACHMENT_BYTES) throw new ApiError(413, caseMessages.fileTooLarge(MAX_MULTIPART_ATTACHMENT_BYTES));
  await checkCaseBytes(viewer, uploaded_file.size);
  const attachment = await attachFile(case_id, viewer, uploaded_file.name, new Uint8Array(await uploaded_file.arrayBuffer()));
  return attachmentResult(attachment, viewer);
};

/** A presigned upload of up to 50 MB: the type and exact size are signed into the form. */
export const createAttachmentUpload: Handlers['create_attachment_upload'] = async ({ case_id, filename, size }, { viewer }) => {
  checkedFile(filename);
  await visibleCase(case_id, viewer);
  await checkCaseBytes(viewer, size);
  const attachment = await startUpload(case_id, viewer, filename, size);
  return { attachment: await attachmentResult(attachment, viewer), upload: await attachmentUpload(attachment) };
};

/** Completes one's own presigned upload (an admin: any) once the file is stored. */
export const completeAttachmentUpload: Handlers['complete_attachment_upload'] = async ({ attachment_id }, { viewer }) => {
  const attachment = await visibleAttachment(attachment_id, viewer);
  if (!mayDeleteAttachment(attachment, viewer)) throw notFound(caseMessages.attachmentNotFound(attachment_id));
  return attachmentResult(await completeUpload(attachment, viewer), viewer);
};

/** Deletes an attachment: admins and its uploader (the case's other party: 403). */
export const deleteAttachment: Handlers['delete_attachment'] = async ({ attachment_id }, { viewer }) => {
  const attachment = await visibleAttachment(attachment_id, viewer);
  if (!mayDeleteAttachment(attachment, viewer)) throw forbidden(caseMessages.deleteOwnOnly);
  await removeAttachment(attachment, viewer);
  return { attachment_id, case_id: attachment.case_id };
};

/**
 * GET /attachments/{caseId}/{attachmentId}/{filename} with the caller's access token (the edge sends it
 * here): the case's user and admins are sent on to a fresh short-lived link to the file; anyone else, or
 * a path that does not name a stored attachment exactly, gets "not found". A store that does not answer
 * is an outage (503, try again), never "not found".
 */
export const attachmentByToken: RedirectHandler = async ({ caseId, attachmentId, filename }, { viewer }) => {
  const id = Number(attachmentId);
  const refused = notFound(caseMessages.attachmentNotFound(Number.isSafeInteger(id) ? id : 0));
  if (!/^[1-9]\d{0,15}$/.test(attachmentId ?? '') || !/^[1-9]\d{0,15}$/.test(caseId ?? '')) throw refused;
  const attachment = await visibleAttachment(id, viewer).catch((error: unknown) => {
    throw isOutage(error) ? error : refused;
  });
  if (attachment.case_id !== Number(caseId) || attachment.filename !== filename || attachment.state !== 'stored') throw refused;
  return attachmentLink(attachment);
};
