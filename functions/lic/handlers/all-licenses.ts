import { DONGLE_ROWS, type licAdminContract } from '../../../shared/contract/lic.admin';
import { licenseList, type LicenseListRow } from '../../domain/licenses/license-list';
import type { EndpointHandlers } from '../../endpoint';
import { column, pageOf } from '../../lib/lists/list-page';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

/** One page of every license, filtered and sorted (the list's declaration: licenseList). */
export const getAllLicenses: AdminHandlers['get_all_licenses'] = (params) => licenseList.page(params);

/** The filtered list, every row in the list's order, as a CSV export (each filter named as its param). */
export const getLicenseUsers: AdminHandlers['get_license_users'] = ({ expiredIn, expiresWithin, licenseType, ...params }) =>
  licenseList.csv({ ...params, expired_in: expiredIn, expires_within: expiresWithin, license_type: licenseType });

/** The licenses bound to a dongle, newest first: the dongle list (up to 9999 rows). */
export const getLicenseDongles: AdminHandlers['get_license_dongles'] = async () => {
  const [licenses, { owners }] = await Promise.all([licenseList.current(), licenseList.joined()]);
  const onDongles = pageOf(licenses.values(), {
    filter: (row) => row.hid !== null,
    sortBy: column<LicenseListRow>('created'),
    descending: true,
    tieBreaker: column<LicenseListRow>('id'),
    page: 1,
    limit: DONGLE_ROWS,
  });
  return {
    dongles: onDongles.rows.map((row) => ({
      id: row.dongle_id ?? row.id,
      created: row.created,
      user_id: row.user_id,
      user_email: owners.get(row.user_id)?.email ?? null,
      hid: row.hid!,
      license_id: row.id,
    })),
  };
};
