import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';
import { licenseCodesQueryKey } from './get-license-codes';

export type CreateLicenseCodesInput = CmdInput<typeof licAdminContract, 'create_license_codes'>;

/** Generates single-use codes or one campaign code: `lic/5/create_license_codes`; the code list reloads. */
export function useCreateLicenseCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLicenseCodesInput) => call(licAdminContract, 'create_license_codes', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseCodesQueryKey }),
  });
}
