import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CmdInput, CmdResult } from '../../../../../shared/contract/define';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';
import { licenseSharedUsersQueryKey } from './get-license-shared-users';
import { licensesQueryKey } from './get-licenses';

export type ShareLicenseInput = CmdInput<typeof licContract, 'share_license'>;
type SharedUsers = CmdResult<typeof licContract, 'share_license'>;

/** Shares an owned license with a user: `lic/5/share_license`. */
export const shareLicense = (input: ShareLicenseInput) => call(licContract, 'share_license', input);

/** Stops sharing an owned license with a user: `lic/5/cancel_share_license`. */
export const cancelShareLicense = (input: ShareLicenseInput) => call(licContract, 'cancel_share_license', input);

/** Both answer whom the license is now shared with: that list is kept, and the license list reloads. */
const applySharedUsers = (queryClient: QueryClient, result: SharedUsers) => {
  queryClient.setQueryData(licenseSharedUsersQueryKey(result.license_id), result);
  return queryClient.invalidateQueries({ queryKey: licensesQueryKey, exact: true });
};

export function useShareLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: shareLicense, onSuccess: (result) => applySharedUsers(queryClient, result) });
}

export function useCancelShareLicense() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelShareLicense, onSuccess: (result) => applySharedUsers(queryClient, result) });
}
