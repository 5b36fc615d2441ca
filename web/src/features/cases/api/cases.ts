import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_ATTACHMENT_BYTES, attachmentExtensionList, attachmentTypeOf, caseMessages, cleanAttachmentName } from '../../../../../shared/cases/cases';
import { caseAdminContract } from '../../../../../shared/contract/case.admin';
import { caseContract } from '../../../../../shared/contract/case';
import type { CmdInput, CmdResult } from '../../../../../shared/contract/define';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';
import { failureMessage } from '../../../lib/forms/use-submit';

export type CasesParams = CmdInput<typeof caseContract, 'get_cases'>;
export type CaseDetail = CmdResult<typeof caseContract, 'get_case'>;

/** Every page and filter of the case list: what any case change invalidates. */
export const casesQueryKey = ['case', 'get_cases'] as const;
/** Every case's detail. */
export const caseQueryKey = ['case', 'get_case'] as const;

/** One page of the cases, filtered and sorted: `case/get_cases`. */
export const casesQueryOptions = (params: CasesParams) =>
  queryOptions({
    queryKey: [...casesQueryKey, params],
    queryFn: () => call(caseContract, 'get_cases', params),
    // The page shown stays while the next page, order or filter loads.
    placeholderData: keepPreviousData,
  });

export const useCases = (params: CasesParams, enabled = true) => useQuery({ ...casesQueryOptions(params), enabled });

/** How long before a download link ends the case is read again for fresh ones. */
const RENEW_BEFORE_MS = 30_000;

/**
 * When the case's download links want renewing while it stays open: a little before the first of them
 * ends (each says when, `expires` in epoch seconds; they last minutes); never when it has none.
 */
function linkRenewalDelay(detail: CaseDetail | undefined, now = Date.now()): number | false {
  const ends = (detail?.attachments ?? []).flatMap(({ link }) => {
    const expires = link ? /[?&]expires=(\d+)/.exec(link)?.[1] : undefined;
    return expires ? [Number(expires) * 1000] : [];
  });
  if (ends.length === 0) return false;
  return Math.max(5_000, Math.min(...ends) - now - RENEW_BEFORE_MS);
}

/** A case with its comments and attachments: `case/get_case`, read again before its download links end. */
export const useCase = (caseId: number) =>
  useQuery({
    queryKey: [...caseQueryKey, caseId],
    queryFn: () => call(caseContract, 'get_case', { id: caseId }),
    enabled: caseId > 0,
    refetchInterval: (query) => linkRenewalDelay(query.state.data),
  });

/** The page of a case's comments before the comment `before`: `case/get_case_comments`. */
export const fetchEarlierComments = (caseId: number, before: number) => call(caseContract, 'get_case_comments', { case_id: caseId, before });

/** The administrators a case may be assigned to: `user/get_admins` (admins only). */
export const useAdmins = (enabled: boolean) =>
  useQuery({ queryKey: ['user', 'get_admins'], queryFn: () => call(userAdminContract, 'get_admins', {}), enabled, staleTime: 5 * 60_000 });

/** A case changed: the list (its state, updated, assignee) and its detail. */
const reloadCases = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: casesQueryKey }), queryClient.invalidateQueries({ queryKey: caseQueryKey })]);

function useCaseMutation<Params, Result>(mutationFn: (params: Params) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => reloadCases(queryClient) });
}

/** Opens a case: `case/create_case`. */
export const useCreateCase = () => useCaseMutation((params: CmdInput<typeof caseContract, 'create_case'>) => call(caseContract, 'create_case', params));

/** Comments on a case, closing it if asked: `case/add_comment`. */
export const useAddComment = () => useCaseMutation((params: CmdInput<typeof caseContract, 'add_comment'>) => call(caseContract, 'add_comment', params));

/** Assigns a case to an administrator, or clears it (null): `case/assign_case`. */
export const useAssignCase = () =>
  useCaseMutation((params: { case_id: number; user_id: number | null }) => call(caseAdminContract, 'assign_case', params));

/** Closes a case: `case/close_case`. */
export const useCloseCase = () => useCaseMutation((caseId: number) => call(caseContract, 'close_case', { case_id: caseId }));

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

export const useUploadAttachment = () => useCaseMutation(uploadAttachment);

/** Deletes an attachment (an admin, or its uploader): `case/delete_attachment`. */
export const useDeleteAttachment = () => useCaseMutation((attachmentId: number) => call(caseContract, 'delete_attachment', { attachment_id: attachmentId }));
