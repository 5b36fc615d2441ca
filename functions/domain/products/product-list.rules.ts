import type { AdminProductRow } from '../../../shared/contract/product.admin';
import type { Product } from '../../../shared/contract/product';
import { column, type Cell } from '../../lib/lists/list-page';
import type { UserListRow } from '../users/user-list';
import { toProductListRow, type ProductListRow } from './product-list';
import type { ProductRecord } from './products.repository';

type Owners = ReadonlyMap<number, Pick<UserListRow, 'email' | 'company'>>;

/** A product as every list shows it (banner and link: none yet). */
export const toProduct = (row: ProductListRow): Product => ({ ...row, banner: null, link: null });

/** A stored product as every list shows it. */
export const productOfRecord = (product: ProductRecord): Product => toProduct(toProductListRow(product));

export const toAdminProductRow = (row: ProductListRow, owners: Owners): AdminProductRow => ({
  ...toProduct(row),
  user: owners.get(row.user_id)?.email ?? '',
});

/**
 * A product matches a search when its id, owner or license is the number, or its uid, product id,
 * hardware version, EAN or its owner's email or company holds the text (letters without regard to case).
 */
export function productMatches(search: string | null | undefined, owners: Owners): (row: ProductListRow) => boolean {
  const text = search?.trim().toLowerCase();
  if (!text) return () => true;
  const number = /^\d+$/.test(text) ? Number(text) : null;
  return (row) => {
    if (number !== null && (row.id === number || row.user_id === number || row.license_id === number)) return true;
    const owner = owners.get(row.user_id);
    return [row.uid, row.product_id, row.hardware_version, row.ean, owner?.email ?? '', owner?.company ?? ''].some((value) =>
      value.toLowerCase().includes(text),
    );
  };
}

/** The value a product sorts by: a column, or the owner's email for `user`. */
export function productSortValue(orderBy: string, owners: Owners): (row: ProductListRow) => Cell {
  if (orderBy === 'user') return (row) => owners.get(row.user_id)?.email ?? null;
  return column<ProductListRow>(orderBy as keyof ProductListRow);
}
