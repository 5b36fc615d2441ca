import { ListCache } from '../../lib/lists/list-cache';
import { listRowWrites } from '../../lib/lists/list-store';
import type { ProductRecord } from './products.repository';

/** The admin list kind of registered products (list-store.ts): every product write keeps its row in step. */
export const PRODUCT_LIST = 'products';

/** A product's compact row: its fields; the owner's email is joined from the users list when read. */
export interface ProductListRow {
  id: number;
  created: string;
  product_id: string;
  uid: string;
  hardware_version: string;
  user_id: number;
  license_id: number | null;
  ean: string;
}

export const toProductListRow = (product: ProductRecord): ProductListRow => ({
  id: product.id,
  created: product.created,
  product_id: product.product_id,
  uid: product.uid,
  hardware_version: product.hardware_version,
  user_id: product.user_id,
  license_id: product.license_id ?? null,
  ean: product.ean,
});

/** The list writes of a product write: its row as the write leaves it, or its removal (null). */
export const productListWrites = (id: number, product: ProductRecord | null, now: Date) =>
  listRowWrites(PRODUCT_LIST, id, product && toProductListRow(product), now);

/** This function's copy of every product's row, kept current through the change log. */
export const productListCache = new ListCache<ProductListRow>(PRODUCT_LIST);
