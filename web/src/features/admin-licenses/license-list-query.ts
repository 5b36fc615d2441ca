import { type CmdInput } from '../../../../shared/contract/define';
import {
  ALL_LICENSES_PAGE_SIZE,
  DEFAULT_EXPIRED_IN,
  DEFAULT_EXPIRES_WITHIN,
  type LicenseOrderColumn,
} from '../../../../shared/contract/lic.admin';
import { type licAdminContract } from '../../../../shared/contract/lic.admin';
import { LICENSE_TYPE_IDS, type LicenseTypeId } from '../../../../shared/licenses/catalog';
import { licenseListColumns } from '../../../../shared/lists/admin-lists';
import { MAX_FILTER_DAYS } from '../../lib/license-days';
import type { SortOrder } from '../../lib/sorting';

/** The license list's order until a header is clicked: created, newest first (its declaration's). */
export const DEFAULT_LICENSE_SORT: SortOrder<LicenseOrderColumn> = licenseListColumns.defaultOrder;

/** The type and usage selects' choice for "no filter". */
export const ANY = 'any';

/** The all-licenses filters as typed and picked (the page's address keeps them). */
export interface LicenseFilterValues {
  /** A user id, or part of an email or company. */
  user: string;
  licenseId: string;
  /** Expired in the last N days. */
  expiredIn: string;
  /** Expires within N days. */
  expiresWithin: string;
  /** A license type id, or ANY. */
  licenseType: string;
  /** A license usage id, or ANY. */
  licenseUsage: string;
}

export const DEFAULT_LICENSE_FILTERS: LicenseFilterValues = {
  user: '',
  licenseId: '',
  expiredIn: String(DEFAULT_EXPIRED_IN),
  expiresWithin: String(DEFAULT_EXPIRES_WITHIN),
  licenseType: ANY,
  licenseUsage: ANY,
};

export { MAX_FILTER_DAYS };

/** One page of every license, filtered and sorted, as `lic/5/get_all_licenses` takes it. */
export type AllLicensesParams = CmdInput<typeof licAdminContract, 'get_all_licenses'>;
/** The filtered list as `lic/5/get_license_users` exports it. */
export type LicenseExportParams = CmdInput<typeof licAdminContract, 'get_license_users'>;

/** A whole number as typed (surrounding spaces dropped); undefined for anything else. */
const wholeNumber = (text: string): number | undefined => {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined;
};

const positive = (text: string): number | undefined => {
  const value = wholeNumber(text);
  return value === undefined || value === 0 ? undefined : value;
};

/** Whether the id filter holds something that is no license id (it then filters nothing and says so). */
export const isBadLicenseId = (text: string): boolean => text.trim() !== '' && positive(text) === undefined;

const isLicenseType = (value: string): value is LicenseTypeId => (LICENSE_TYPE_IDS as readonly string[]).includes(value);

/**
 * The filters as get_all_licenses names them. A field left blank, or holding what is no filter value,
 * is not sent: the server's default applies (expired in 0 days, expires within 9999 days).
 */
export function licenseListFilters(filters: LicenseFilterValues) {
  const days = (text: string) => {
    const value = wholeNumber(text);
    return value === undefined ? undefined : Math.min(value, MAX_FILTER_DAYS);
  };
  return {
    user: filters.user.trim() || undefined,
    license_id: positive(filters.licenseId),
    expired_in: days(filters.expiredIn),
    expires_within: days(filters.expiresWithin),
    license_type: isLicenseType(filters.licenseType) ? filters.licenseType : undefined,
    license_usage_id: filters.licenseUsage === ANY ? undefined : positive(filters.licenseUsage),
  };
}

/** One page of the list, 20 licenses, in the order asked for. */
export function allLicensesParams(
  filters: LicenseFilterValues,
  sort: SortOrder<LicenseOrderColumn>,
  page: number,
): AllLicensesParams {
  return { limit: ALL_LICENSES_PAGE_SIZE, page, order_by: sort.orderBy, descending: sort.descending, ...licenseListFilters(filters) };
}

/** The CSV export of the list as filtered and sorted (get_license_users names each filter as its params do). */
export function licenseExportParams(filters: LicenseFilterValues, sort: SortOrder<LicenseOrderColumn>): LicenseExportParams {
  const list = licenseListFilters(filters);
  return {
    expiredIn: list.expired_in,
    expiresWithin: list.expires_within,
    user: list.user,
    licenseType: list.license_type,
    license_id: list.license_id,
    license_usage_id: list.license_usage_id,
    order_by: sort.orderBy,
    descending: sort.descending,
  };
}
