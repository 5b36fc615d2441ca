import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput, CmdResult } from '../../../../../shared/contract/define';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';
import { userInformationQueryOptions } from './get-user-information';

export type SetUserLegacyInput = CmdInput<typeof userAdminContract, 'set_user_legacy'>;

/** Allows a user legacy purchases, or no longer: `user/set_user_legacy`. */
export const setUserLegacy = (input: SetUserLegacyInput) => call(userAdminContract, 'set_user_legacy', input);

/** The change, written into that user's detail as the server answered it. */
export function useSetUserLegacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserLegacy,
    onSuccess: ({ user_id, legacy }: CmdResult<typeof userAdminContract, 'set_user_legacy'>) =>
      queryClient.setQueryData(userInformationQueryOptions(user_id).queryKey, (detail) => (detail ? { ...detail, legacy } : detail)),
  });
}
