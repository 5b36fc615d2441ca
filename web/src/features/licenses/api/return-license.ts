import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';
import { licensesQueryKey } from './get-licenses';

export type ReturnLicenseInput = CmdInput<typeof licContract, 'return_license'>;

/** Frees the seat the machine `fingerprint` holds: `lic/5/return_license`. */
export const returnLicense = (input: ReturnLicenseInput) => call(licContract, 'return_license', input);

/** The return, which reloads the license list (the license no longer shows a machine). */
export function useReturnLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnLicense,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licensesQueryKey, exact: true }),
  });
}
