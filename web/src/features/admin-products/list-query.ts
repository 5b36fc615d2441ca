import { ALL_PRODUCTS_PAGE_SIZE, type PRODUCT_ORDER_COLUMNS } from '../../../../shared/contract/product.admin';
import type { SortOrder } from '../../lib/sorting';
import type { AllProductsParams } from './api/get-all-products';

export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];

/** The list's order until a header is clicked (spec §9): created, newest first. */
export const DEFAULT_PRODUCT_SORT: SortOrder<ProductOrderColumn> = { orderBy: 'created', descending: true };

/** One page, 20 products (spec §9), searched (blank: no search) and in the order asked for. */
export const allProductsParams = (search: string, sort: SortOrder<ProductOrderColumn>, page: number): AllProductsParams => ({
  limit: ALL_PRODUCTS_PAGE_SIZE,
  page,
  order_by: sort.orderBy,
  descending: sort.descending,
  search: search.trim() || undefined,
});
