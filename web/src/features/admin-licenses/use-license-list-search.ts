import { LICENSE_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';
import { useListAddress } from '../../lib/use-list-search';
import { DEFAULT_LICENSE_FILTERS, DEFAULT_LICENSE_SORT, type LicenseFilterValues } from './license-list-query';

/** Each filter's name in the page's address. */
const PARAMS: Record<keyof LicenseFilterValues, string> = {
  user: 'user',
  licenseId: 'id',
  expiredIn: 'expiredIn',
  expiresWithin: 'expiresWithin',
  licenseType: 'type',
  licenseUsage: 'usage',
};
const FILTER_NAMES = Object.keys(PARAMS) as (keyof LicenseFilterValues)[];

/**
 * The all-licenses list's filters, order and page, kept in the page's address (useListAddress): a reload,
 * the browser's Back from a user's detail, or a shared link shows the same list. A filter at its default
 * is left out; a new filter starts again at page 1.
 */
export function useLicenseListSearch() {
  const { params, sort, page, update, setSort, setPage } = useListAddress(LICENSE_ORDER_COLUMNS, DEFAULT_LICENSE_SORT);
  const filters = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, params.get(PARAMS[name]) ?? DEFAULT_LICENSE_FILTERS[name]]),
  ) as unknown as LicenseFilterValues;

  return {
    filters,
    sort,
    page,
    setFilter: (name: keyof LicenseFilterValues, value: string) =>
      update({ [PARAMS[name]]: value === DEFAULT_LICENSE_FILTERS[name] ? null : value, page: null }),
    setSort,
    setPage,
  };
}
