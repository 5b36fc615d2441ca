import type { IV_CURVE_ORDER_COLUMNS } from '../../../../shared/iv-curves/iv-curves';
import type { SortOrder } from '../../lib/sorting';

export type IvCurveOrderColumn = (typeof IV_CURVE_ORDER_COLUMNS)[number];

/** The list's order until a header is clicked: newest (highest id) first. */
export const DEFAULT_IV_CURVE_SORT: SortOrder<IvCurveOrderColumn> = { orderBy: 'id', descending: true };
