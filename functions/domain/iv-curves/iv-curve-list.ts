import { ListCache } from '../../lib/lists/list-cache';
import { listRowWrites } from '../../lib/lists/list-store';
import type { IvCurveRecord } from './iv-curves.repository';

/** The admin list kind of IV curves (list-store.ts): every curve write keeps its row in step. */
export const IV_CURVE_LIST = 'iv-curves';

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

/** The list writes of a curve write: its row as the write leaves it, or its removal (null). */
export const ivCurveListWrites = (id: number, curve: IvCurveRecord | null, now: Date) =>
  listRowWrites(IV_CURVE_LIST, id, curve && toIvCurveListRow(curve), now);

/** This function's copy of every curve's row, kept current through the change log. */
export const ivCurveListCache = new ListCache<IvCurveListRow>(IV_CURVE_LIST);
