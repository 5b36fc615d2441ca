import type { PRODUCT_ORDER_COLUMNS } from '../../../../shared/contract/product.admin';
import type { SortOrder } from '../../lib/sorting';

export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];

/** The list's order until a header is clicked: created, newest first. */
export const DEFAULT_PRODUCT_SORT: SortOrder<ProductOrderColumn> = { orderBy: 'created', descending: true };

