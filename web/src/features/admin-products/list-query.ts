import type { PRODUCT_ORDER_COLUMNS } from '../../../../shared/contract/product.admin';

export type ProductOrderColumn = (typeof PRODUCT_ORDER_COLUMNS)[number];
