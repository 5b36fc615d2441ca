import type { AdminLicenseRow } from '../../../../../shared/contract/lic.admin';
import { useAllLicenses } from '../../admin-licenses/api/get-all-licenses';
import { MAX_FILTER_DAYS } from '../../admin-licenses/license-list-query';

/**
 * A subscription's license, for its type and add-ons (the subscription row carries neither): the admin
 * list filtered to its id, expired or not, whatever its end. Under the license lists' query key, so a
 * change to a license reloads it too. `license` is undefined while loading, null when there is none.
 */
export function useSubscriptionLicense(licenseId: number): { license: AdminLicenseRow | null | undefined } {
  const list = useAllLicenses({
    limit: 1,
    page: 1,
    license_id: licenseId,
    expired_in: MAX_FILTER_DAYS,
    expires_within: MAX_FILTER_DAYS,
  });
  // The list keeps the previous answer while the next loads: that may be another license's.
  if (!list.data || list.isPlaceholderData) return { license: list.isError ? null : undefined };
  return { license: list.data.rows.find((row) => row.id === licenseId) ?? null };
}
