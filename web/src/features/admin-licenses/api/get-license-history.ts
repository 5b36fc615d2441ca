import { queryOptions, useQuery } from '@tanstack/react-query';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

/** A license's History shows 20 entries a page. */
export const HISTORY_PAGE_SIZE = 20;

/** One page of a license's audit entries, newest first, and how many there are: `lic/5/get_license_history`. */
export const licenseHistoryQueryOptions = (licenseId: number, page = 1) =>
  queryOptions({
    queryKey: ['lic/5', 'get_license_history', licenseId, page],
    queryFn: () => call(licAdminContract, 'get_license_history', { license_id: licenseId, limit: HISTORY_PAGE_SIZE, page }),
    // Each opening of History reads it again: the admin may just have changed the license.
    staleTime: 0,
  });

export const useLicenseHistory = (licenseId: number, page = 1) =>
  useQuery({ ...licenseHistoryQueryOptions(licenseId, page), placeholderData: (previous) => previous });
