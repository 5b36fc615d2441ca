import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';
import { licensesQueryKey } from './get-licenses';

export type RedeemLicenseCodeInput = CmdInput<typeof licContract, 'redeem_license_code'>;

/** Turns a license code into a license of the caller's: `lic/5/redeem_license_code`. */
export const redeemLicenseCode = (input: RedeemLicenseCodeInput) => call(licContract, 'redeem_license_code', input);

/** The redemption, which reloads the license list (the new license joins it). */
export function useRedeemLicenseCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemLicenseCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey, exact: true }),
  });
}
