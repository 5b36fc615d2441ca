import { ATTACHMENT_LINK_SECONDS, ATTACHMENT_UPLOAD_SECONDS } from '../../../shared/cases/cases';
import { copyFile, deleteFile, fileSize, putFile, signedLink } from '../../lib/files/files';
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

/**
 * A form the browser posts the file with, straight to storage: to the attachment's own staging key
 * (fresh per form), its size exactly, its type and disposition signed in. The form stays valid until it
 * expires, so it can be posted again: it only ever lands in staging, which completion empties.
 */
export const attachmentUpload = (attachment: CaseAttachmentRecord & { staging_key: string }) =>
  presignedUpload('staging', attachment.staging_key, {
    minBytes: attachment.size,
    maxBytes: attachment.size,
    contentType: attachment.content_type,
    contentDisposition: disposition(attachment),
    expiresInSeconds: ATTACHMENT_UPLOAD_SECONDS,
  });

/** The size of the file a presigned upload has landed in staging, or null while nothing is there. */
export const stagedFileSize = (stagingKey: string): Promise<number | null> => fileSize('staging', stagingKey);

/** Takes a staged file to the attachment's own key, typed and named as the attachment says (not as it arrived). */
export const takeStagedFile = (attachment: CaseAttachmentRecord, stagingKey: string): Promise<void> =>
  copyFile({ bucket: 'staging', key: stagingKey }, { bucket: 'attachments', key: attachmentKey(attachment) }, {
    contentType: attachment.content_type,
    downloadName: attachment.filename,
    metadata: { size: String(attachment.size) },
  });

/** Removes a staged file (one taken, or one of an upload deleted before it completed). */
export const deleteStagedFile = (stagingKey: string): Promise<void> => deleteFile('staging', stagingKey);

/** A short-lived link to the file, at /attachments/{caseId}/{attachmentId}/{filename}. */
export const attachmentLink = async (attachment: CaseAttachmentRecord): Promise<string> =>
  (await signedLink('attachments', attachmentKey(attachment), ATTACHMENT_LINK_SECONDS)).link;

/** Removes the file (the versioned bucket keeps a noncurrent version for its lifecycle's days, out of reach). */
export const deleteAttachmentFile = (attachment: CaseAttachmentRecord): Promise<void> => deleteFile('attachments', attachmentKey(attachment));
