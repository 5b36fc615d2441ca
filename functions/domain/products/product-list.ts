import type { Product } from '../../../shared/contract/product';
import type { AdminProductRow } from '../../../shared/contract/product.admin';
import { productListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import { userList, type UserListRow } from '../users/user-list';
import type { ProductRecord } from './product.entity';
type Owners = ReadonlyMap<number, Pick<UserListRow, 'email' | 'company'>>;

/** The admin list kind of registered products (list-store.ts): every product write keeps its row in step. */
export const PRODUCT_LIST = productListColumns.kind;

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

/** A product as every list shows it (banner and link: none yet). */
export const toProduct = (row: ProductListRow): Product => ({ ...row, banner: null, link: null });

/** A stored product as every list shows it. */
export const productOfRecord = (product: ProductRecord): Product => toProduct(toProductListRow(product));

export const toAdminProductRow = (row: ProductListRow, owners: Owners): AdminProductRow => ({
  ...toProduct(row),
  user: owners.get(row.user_id)?.email ?? '',
});

/**
 * Registered products: a search finds one by its id, owner or license, or text in its uid, product id,
 * hardware version, EAN or its owner's email or company; the owner joined from the users list.
 */
export const productList = declareList({
  columns: productListColumns,
  row: toProductListRow,
  joins: { owners: userList },
  search: {
    numbers: (row) => [row.id, row.user_id, row.license_id],
    texts: (row, { owners }) => {
      const owner = owners.get(row.user_id);
      return [row.uid, row.product_id, row.hardware_version, row.ean, owner?.email, owner?.company];
    },
  },
  sort: { user: (row, { owners }) => owners.get(row.user_id)?.email ?? null },
  result: (row, { owners }) => toAdminProductRow(row, owners),
  csv: [
    ['Id', (p) => p.id],
    ['Created', (p) => p.created],
    ['Product id', (p) => p.product_id],
    ['Uid', (p) => p.uid],
    ['Hardware version', (p) => p.hardware_version],
    ['User id', (p) => p.user_id],
    ['User', (p) => p.user],
    ['License id', (p) => p.license_id ?? ''],
    ['EAN', (p) => p.ean],
  ],
});
