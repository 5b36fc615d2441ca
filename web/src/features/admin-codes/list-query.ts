import { LICENSE_CODES_PAGE_SIZE } from '../../../../shared/commerce/codes';
import type { LICENSE_CODE_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';
import type { SortOrder } from '../../lib/sorting';
import type { LicenseCodesParams } from './api/get-license-codes';

export type LicenseCodeOrderColumn = (typeof LICENSE_CODE_ORDER_COLUMNS)[number];

/** The code list's order until a header is clicked (spec §9): created, newest first. */
export const DEFAULT_CODE_SORT: SortOrder<LicenseCodeOrderColumn> = { orderBy: 'created', descending: true };

/** One page of the list, 40 codes (spec §9), searched (blank: no search) and in the order asked for. */
export const licenseCodesParams = (search: string, sort: SortOrder<LicenseCodeOrderColumn>, page: number): LicenseCodesParams => ({
  limit: LICENSE_CODES_PAGE_SIZE,
  page,
  order_by: sort.orderBy,
  descending: sort.descending,
  search: search.trim() || undefined,
});
