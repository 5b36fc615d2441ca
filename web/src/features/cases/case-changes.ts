import { MAX_ATTACHMENT_BYTES, attachmentExtensionList, attachmentTypeOf, caseMessages, cleanAttachmentName } from '../../../../shared/cases/cases';
import { caseContract } from '../../../../shared/contract/case';
import type { CmdResult } from '../../../../shared/contract/define';
import { call } from '../../api/client';
import { useChange } from '../../api/cmd-mutation';
import { failureMessage } from '../../lib/forms/use-submit';

export type CaseDetail = CmdResult<typeof caseContract, 'get_case'>;

/** A case changed: the list (its state, updated, assignee) and its detail read again. */
export const CASE_CHANGES = { invalidates: ['get_cases', 'get_case'] } as const;

/** The administrators a case may be assigned to change rarely: read again after five minutes. */
export const ADMINS_FRESH_MS = 5 * 60_000;

/** How long before a download link ends the case is read again for fresh ones. */
const RENEW_BEFORE_MS = 30_000;

/**
 * When the case's download links want renewing while it stays open: a little before the first of them
 * ends (each says when, `expires` in epoch seconds; they last minutes); never when it has none.
 */
export function linkRenewalDelay(detail: CaseDetail | undefined, now = Date.now()): number | false {
  const ends = (detail?.attachments ?? []).flatMap(({ link }) => {
    const expires = link ? /[?&]expires=(\d+)/.exec(link)?.[1] : undefined;
    return expires ? [Number(expires) * 1000] : [];
  });
  if (ends.length === 0) return false;
  return Math.max(5_000, Math.min(...ends) - now - RENEW_BEFORE_MS);
}

/** A file refused before it is sent (its type or size), with the text the server would answer. */
export class AttachmentRefused extends Error {}

/** The file picker's `accept`: the extensions an attachment may have. */
export const ATTACHMENT_ACCEPT = attachmentExtensionList.replaceAll(' ', '');

/** What a failed attachment shows: its refusal here (name, type, size), else the call's failure. */
export const attachmentFailure = (error: unknown): string => (error instanceof AttachmentRefused ? error.message : failureMessage(error));

/** Refuses a file the server would refuse (its name, type or size), with the server's text, before anything is sent. */
export function checkAttachment(file: File): void {
  const name = cleanAttachmentName(file.name);
  if (!name) throw new AttachmentRefused(caseMessages.badFileName);
  if (!attachmentTypeOf(name)) throw new AttachmentRefused(caseMessages.fileTypeNotAllowed);
  if (file.size > MAX_ATTACHMENT_BYTES) throw new AttachmentRefused(caseMessages.fileTooLarge(MAX_ATTACHMENT_BYTES));
}

/**
 * Attaches a file to a case, straight to storage whatever its size (up to 50 MB): checked here first
 * (type on the allow-list, size), then `case/create_attachment_upload`, the POST of the signed form
 * (its fields, then the file), and `case/complete_attachment_upload`.
 */
async function uploadAttachment({ caseId, file }: { caseId: number; file: File }) {
  checkAttachment(file);
  const { attachment, upload } = await call(caseContract, 'create_attachment_upload', { case_id: caseId, filename: file.name, size: file.size });
  const form = new FormData();
  for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
  form.append('file', file);
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  if (!stored.ok) throw new AttachmentRefused(caseMessages.uploadNotFinished);
  return call(caseContract, 'complete_attachment_upload', { attachment_id: attachment.id });
}

export const useUploadAttachment = () => useChange(uploadAttachment, CASE_CHANGES);
