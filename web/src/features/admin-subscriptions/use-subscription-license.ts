import { keepPreviousData } from '@tanstack/react-query';
import { licAdminContract, type AdminLicenseRow } from '../../../../shared/contract/lic.admin';
import { useCmdQuery } from '../../api/cmd-query';
import { MAX_FILTER_DAYS } from '../../lib/license-days';

/**
 * A subscription's license, for its type and add-ons (the subscription row carries neither): the admin
 * list (`lic/5/get_all_licenses`) filtered to its id, expired or not, whatever its end; a change to a
 * license reloads it as it reloads the lists. `license` is undefined while loading, null when there is none.
 */
export function useSubscriptionLicense(licenseId: number): { license: AdminLicenseRow | null | undefined } {
  const list = useCmdQuery(
    licAdminContract,
    'get_all_licenses',
    { limit: 1, page: 1, license_id: licenseId, expired_in: MAX_FILTER_DAYS, expires_within: MAX_FILTER_DAYS },
    { placeholderData: keepPreviousData },
  );
  // The list keeps the previous answer while the next loads: that may be another license's.
  if (!list.data || list.isPlaceholderData) return { license: list.isError ? null : undefined };
  return { license: list.data.rows.find((row) => row.id === licenseId) ?? null };
}
