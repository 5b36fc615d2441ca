import type { LICENSE_CODE_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';
import type { SortOrder } from '../../lib/sorting';

export type LicenseCodeOrderColumn = (typeof LICENSE_CODE_ORDER_COLUMNS)[number];

/** The code list's order until a header is clicked: created, newest first. */
export const DEFAULT_CODE_SORT: SortOrder<LicenseCodeOrderColumn> = { orderBy: 'created', descending: true };

