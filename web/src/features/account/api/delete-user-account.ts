import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

/** The caller's pending deletion request: what the Delete account page shows. */
export const accountDeletionQueryKey = ['user', 'get_account_deletion'] as const;

export const accountDeletionQueryOptions = () =>
  queryOptions({ queryKey: accountDeletionQueryKey, queryFn: () => call(userContract, 'get_account_deletion', {}) });

/** The signed-in user's pending deletion, or null: `user/get_account_deletion`. */
export const useAccountDeletion = () => useQuery(accountDeletionQueryOptions());

/** Asks for the signed-in user's account to be deleted: `user/delete_user_account` (asking again changes nothing). */
export const deleteUserAccount = () => call(userContract, 'delete_user_account', {});

/** The request, which the page then shows as pending (the user's own: they may withdraw it). */
export function useDeleteUserAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserAccount,
    onSuccess: (request) => queryClient.setQueryData(accountDeletionQueryKey, { request: { ...request, by_admin: false } }),
  });
}

/** Withdraws the pending request (`user/withdraw_account_deletion`); the page reads it again either way. */
export function useWithdrawAccountDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(userContract, 'withdraw_account_deletion', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountDeletionQueryKey }),
  });
}
