import {
  ALL_LICENSES_PAGE_SIZE,
  DEFAULT_EXPIRED_IN,
  DEFAULT_EXPIRES_WITHIN,
  DONGLE_ROWS,
  type LicenseOrderColumn,
  type licAdminContract,
} from '../../../shared/contract/lic.admin';
import { licenseStateText } from '../../../shared/licenses/display';
import { licenseListCache, type LicenseListRow } from '../../domain/licenses/license-list';
import { licenseFilter, licenseSortValue, toAdminLicenseRow, type LicenseListQuery } from '../../domain/licenses/license-list.rules';
import { userListCache } from '../../domain/users/user-list';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { writeCsvExport } from '../../lib/exports';
import { column, pageOf } from '../../lib/lists/list-page';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

/** A page size that takes every row. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** A filter sent empty means no filter. */
const given = <T>(value: T | '' | null | undefined): T | null => (value === '' || value === undefined ? null : value);

interface QueryParams {
  expired_in?: number | '' | null;
  expires_within?: number | '' | null;
  user?: string | null;
  license_id?: number | '' | null;
  license_type?: LicenseListQuery['licenseType'] | '' | null;
  license_usage_id?: number | '' | null;
  order_by?: LicenseOrderColumn;
  descending?: boolean;
}

/** The query with the list's defaults: nothing expired, any end, created newest first. */
const listQuery = (params: QueryParams): LicenseListQuery => ({
  expiredIn: given(params.expired_in) ?? DEFAULT_EXPIRED_IN,
  expiresWithin: given(params.expires_within) ?? DEFAULT_EXPIRES_WITHIN,
  user: given(params.user),
  licenseId: given(params.license_id),
  licenseType: given(params.license_type),
  licenseUsageId: given(params.license_usage_id),
  orderBy: params.order_by ?? 'created',
  descending: params.descending ?? (params.order_by === undefined),
});

/** Both lists as this call sees them: every change committed before it, read from the change logs. */
const currentLists = async () => {
  const [licenses, owners] = await Promise.all([licenseListCache.current(), userListCache.current()]);
  return { licenses, owners };
};

/** The filtered, sorted list: a page of it, or all of it (ALL_ROWS). */
async function listed(query: LicenseListQuery, page: number, limit: number) {
  const { licenses, owners } = await currentLists();
  const result = pageOf(licenses.values(), {
    filter: licenseFilter(query, owners),
    sortBy: licenseSortValue(query.orderBy, owners),
    descending: query.descending,
    tieBreaker: column<LicenseListRow>('id'),
    page,
    limit,
  });
  const now = new Date();
  return { rows: result.rows.map((row) => toAdminLicenseRow(row, owners, now)), count: result.count };
}

export const getAllLicenses: AdminHandlers['get_all_licenses'] = ({ limit = ALL_LICENSES_PAGE_SIZE, page = 1, ...params }) =>
  listed(listQuery(params), page, limit);

const CSV_COLUMNS = [
  'Id',
  'Created',
  'User id',
  'User',
  'Company',
  'License type',
  'License usage',
  'Enabled',
  'Valid from',
  'Valid to',
  'Reserved to',
  'State',
  'Shared with',
];

/** The filtered list, every row in the list's order, as a CSV export (each filter named as its param). */
export const getLicenseUsers: AdminHandlers['get_license_users'] = async ({ expiredIn, expiresWithin, licenseType, ...params }) => {
  const query = listQuery({ ...params, expired_in: expiredIn, expires_within: expiresWithin, license_type: licenseType });
  const { rows } = await listed(query, 1, ALL_ROWS);
  const now = new Date();
  const records = rows.map((row) => [
    row.id,
    row.created,
    row.user_id,
    row.user,
    row.company,
    row.license_type_id,
    row.license_usage,
    row.enabled ? 'Yes' : 'No',
    row.valid_from,
    row.valid_to ?? '',
    row.reserved_to ?? '',
    licenseStateText(row, now),
    row.shared_count,
  ]);
  return writeCsvExport(CSV_COLUMNS, records);
};

/** The licenses bound to a dongle, newest first: the dongle list (up to 9999 rows). */
export const getLicenseDongles: AdminHandlers['get_license_dongles'] = async () => {
  const { licenses } = await currentLists();
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
      hid: row.hid!,
      license_id: row.id,
    })),
  };
};
