import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { infoContract } from '../../../../../shared/contract/info';
import { infoAdminContract } from '../../../../../shared/contract/info.admin';
import { call } from '../../../api/client';

export const latestQueryKey = ['info', 'get_latest'] as const;

/** The start screen's entries: `info/get_latest`. */
export const latestQueryOptions = () => queryOptions({ queryKey: latestQueryKey, queryFn: () => call(infoContract, 'get_latest', {}) });
export const useLatest = () => useQuery(latestQueryOptions());

export type UpdateLatestInput = CmdInput<typeof infoAdminContract, 'update_latest'>;

/** Replaces the three entries: `info/update_latest`; reloads exactly the entries. */
export function useUpdateLatest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLatestInput) => call(infoAdminContract, 'update_latest', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: latestQueryKey, exact: true }),
  });
}
