import { ivCurveListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import { productList } from '../products/product-list';
import { userList } from '../users/user-list';
import type { IvCurveRecord } from './iv-curve.entity';

/** The owners' emails a viewer may see (an admin: every user's; anyone else: their own). */
export type CurveOwners = ReadonlyMap<number, { email: string }>;

/** The registered products a viewer may see named by id (an admin: every one; anyone else: their own). */
export type CurveProducts = ReadonlyMap<number, { product_id: string; uid: string }>;

/** The admin list kind of IV curves (list-store.ts): every curve write keeps its row in step. */
export const IV_CURVE_LIST = ivCurveListColumns.kind;

/** A curve's compact row: its listed fields; the owner's email is joined from the users list when read. */
export interface IvCurveListRow {
  id: number;
  product_id: number | null;
  version: number;
  created: string;
  updated: string;
  user_id: number;
  public: boolean;
  manufacturer: string;
  model: string;
  unit: string;
  points: number;
}

export const toIvCurveListRow = (curve: IvCurveRecord): IvCurveListRow => ({
  id: curve.id,
  product_id: curve.product_id ?? null,
  version: curve.version,
  created: curve.created,
  updated: curve.updated,
  user_id: curve.user_id,
  public: curve.public,
  manufacturer: curve.manufacturer,
  model: curve.model,
  unit: curve.unit,
  points: curve.points,
});

/**
 * IV curves: an admin's list is every curve (this copy), a customer's their own and the public ones
 * (read by Query); either way a search finds a curve by its id, product or owner id, or text in its
 * manufacturer, model, unit, an owner's email or a product's kind and uid the viewer may see, and
 * `user` sorts by that email.
 * A page answers the rows; the handler adds what the viewer may do with each.
 */
export const ivCurveList = declareList({
  columns: ivCurveListColumns,
  row: toIvCurveListRow,
  joins: { owners: userList as { current(): Promise<CurveOwners> }, products: productList as { current(): Promise<CurveProducts> } },
  search: {
    numbers: (row) => [row.id, row.product_id, row.user_id],
    texts: (row, { owners, products }) => {
      const product = row.product_id === null ? undefined : products.get(row.product_id);
      return [row.manufacturer, row.model, row.unit, owners.get(row.user_id)?.email, product?.product_id, product?.uid];
    },
  },
  sort: { user: (row, { owners }) => owners.get(row.user_id)?.email ?? null },
  result: (row: IvCurveListRow) => row,
});
