import { queryOptions, useQuery } from '@tanstack/react-query';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

/** A license's audit entries, newest first: `lic/5/get_license_history`. */
export const licenseHistoryQueryOptions = (licenseId: number) =>
  queryOptions({
    queryKey: ['lic/5', 'get_license_history', licenseId],
    queryFn: () => call(licAdminContract, 'get_license_history', { license_id: licenseId }),
    // Each opening of History reads it again: the admin may just have changed the license.
    staleTime: 0,
  });

export const useLicenseHistory = (licenseId: number) => useQuery(licenseHistoryQueryOptions(licenseId));
