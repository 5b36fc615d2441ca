import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';
import { userProfileQueryKey } from './get-user-profile';

export type UpdateUserProfileInput = CmdInput<typeof userContract, 'update_user_profile'>;

/** Saves first name, last name and company: `user/update_user_profile`. */
export const updateUserProfile = (input: UpdateUserProfileInput) => call(userContract, 'update_user_profile', input);

/** The save, which refreshes exactly the profile query. */
export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryKey, exact: true }),
  });
}
