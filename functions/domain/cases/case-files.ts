import { ATTACHMENT_LINK_SECONDS, ATTACHMENT_UPLOAD_SECONDS } from '../../../shared/cases/cases';
import { deleteFile, fileMetadata, putFile, signedLink } from '../../lib/files/files';
import { presignedUpload } from '../../lib/files/presigned-upload';
import { attachmentKey } from './case-attachment.entity';
import type { CaseAttachmentRecord } from './case-record';

/**
 * An attachment's file in the private attachments bucket, always served as a download (`attachment`,
 * its cleaned name, which needs no quoting) so a browser never renders what a customer sent.
 */
const disposition = (attachment: CaseAttachmentRecord) => `attachment; filename="${attachment.filename}"`;

export const putAttachmentFile = (attachment: CaseAttachmentRecord, bytes: Uint8Array): Promise<void> =>
  putFile('attachments', attachmentKey(attachment), bytes, {
    contentType: attachment.content_type,
    downloadName: attachment.filename,
    metadata: { size: String(bytes.byteLength) },
  });

/** A form the browser posts the file with, straight to storage: its size exactly, its type and disposition signed in. */
export const attachmentUpload = (attachment: CaseAttachmentRecord) =>
  presignedUpload('attachments', attachmentKey(attachment), {
    minBytes: attachment.size,
    maxBytes: attachment.size,
    contentType: attachment.content_type,
    contentDisposition: disposition(attachment),
    expiresInSeconds: ATTACHMENT_UPLOAD_SECONDS,
  });

/** Whether the file of a presigned upload has arrived. */
export const attachmentFileArrived = async (attachment: CaseAttachmentRecord): Promise<boolean> =>
  (await fileMetadata('attachments', attachmentKey(attachment))) !== null;

/** A short-lived link to the file, at /attachments/{caseId}/{attachmentId}/{filename}. */
export const attachmentLink = async (attachment: CaseAttachmentRecord): Promise<string> =>
  (await signedLink('attachments', attachmentKey(attachment), ATTACHMENT_LINK_SECONDS)).link;

/** Removes the file (the versioned bucket keeps a noncurrent version for its lifecycle's days, out of reach). */
export const deleteAttachmentFile = (attachment: CaseAttachmentRecord): Promise<void> => deleteFile('attachments', attachmentKey(attachment));
