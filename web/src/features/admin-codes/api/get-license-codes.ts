import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

export type LicenseCodesParams = CmdInput<typeof licAdminContract, 'get_license_codes'>;

/** Every page, order and search of the code list: what generating codes invalidates. */
export const licenseCodesQueryKey = ['lic/5', 'get_license_codes'] as const;

/** One page of the license codes, searched and sorted: `lic/5/get_license_codes`. */
export const licenseCodesQueryOptions = (params: LicenseCodesParams) =>
  queryOptions({
    queryKey: [...licenseCodesQueryKey, params],
    queryFn: () => call(licAdminContract, 'get_license_codes', params),
    // The page shown stays while the next page, order or search loads.
    placeholderData: keepPreviousData,
  });

export const useLicenseCodes = (params: LicenseCodesParams) => useQuery(licenseCodesQueryOptions(params));
