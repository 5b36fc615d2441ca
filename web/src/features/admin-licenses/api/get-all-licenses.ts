import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

export type AllLicensesParams = CmdInput<typeof licAdminContract, 'get_all_licenses'>;

/** One page of every license, filtered and sorted: `lic/5/get_all_licenses`. */
export const getAllLicenses = (params: AllLicensesParams) => call(licAdminContract, 'get_all_licenses', params);

/** Every page and filter of the list: what an admin action on a license invalidates. */
export const allLicensesQueryKey = ['lic/5', 'get_all_licenses'] as const;

export const allLicensesQueryOptions = (params: AllLicensesParams) =>
  queryOptions({
    queryKey: [...allLicensesQueryKey, params],
    queryFn: () => getAllLicenses(params),
    // The page shown stays while the next page, order or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAllLicenses = (params: AllLicensesParams) => useQuery(allLicensesQueryOptions(params));
