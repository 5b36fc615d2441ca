import { column, type Cell } from '../../lib/lists/list-page';
import type { IvCurveListRow } from './iv-curve-list';

/** The owners' emails a viewer may see (an admin: every user's; anyone else: their own). */
export type CurveOwners = ReadonlyMap<number, { email: string }>;

/**
 * A curve matches a search when its id, product or owner id is the number, or its manufacturer, model,
 * unit or owner's email (one the viewer may see) holds the text (letters without regard to case).
 */
export function curveMatches(search: string | null | undefined, owners: CurveOwners): (row: IvCurveListRow) => boolean {
  const text = search?.trim().toLowerCase();
  if (!text) return () => true;
  const number = /^\d+$/.test(text) ? Number(text) : null;
  return (row) =>
    (number !== null && (row.id === number || row.product_id === number || row.user_id === number)) ||
    [row.manufacturer, row.model, row.unit, owners.get(row.user_id)?.email ?? ''].some((value) => value.toLowerCase().includes(text));
}

/** The value a curve sorts by: a column, or the owner's email for `user`. */
export function curveSortValue(orderBy: string, owners: CurveOwners): (row: IvCurveListRow) => Cell {
  if (orderBy === 'user') return (row) => owners.get(row.user_id)?.email ?? null;
  return column<IvCurveListRow>(orderBy as keyof IvCurveListRow);
}
