import { useSearchParams } from 'react-router';
import type { LicenseOrderColumn } from '../../../../shared/contract/lic.admin';
import type { SortOrder } from '../../lib/sorting';
import { DEFAULT_LICENSE_FILTERS, DEFAULT_LICENSE_SORT, isLicenseOrderColumn, type LicenseFilterValues } from './license-list-query';

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
 * The all-licenses list's filters, order and page, kept in the page's address: a reload, the browser's
 * Back from a user's detail, or a shared link shows the same list. Values at their default are left out.
 * A new filter or order starts again at page 1.
 */
export function useLicenseListSearch() {
  const [search, setSearch] = useSearchParams();

  const filters = Object.fromEntries(
    FILTER_NAMES.map((name) => [name, search.get(PARAMS[name]) ?? DEFAULT_LICENSE_FILTERS[name]]),
  ) as unknown as LicenseFilterValues;
  const orderBy = search.get('sort');
  const sort: SortOrder<LicenseOrderColumn> = isLicenseOrderColumn(orderBy)
    ? { orderBy, descending: search.get('desc') === '1' }
    : DEFAULT_LICENSE_SORT;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '', 10) || 1);

  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );

  return {
    filters,
    sort,
    page,
    setFilter: (name: keyof LicenseFilterValues, value: string) =>
      update({ [PARAMS[name]]: value === DEFAULT_LICENSE_FILTERS[name] ? null : value, page: null }),
    setSort: (next: SortOrder<LicenseOrderColumn>) => update({ sort: next.orderBy, desc: next.descending ? '1' : '0', page: null }),
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
  };
}
