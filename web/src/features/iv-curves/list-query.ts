import type { IV_CURVE_ORDER_COLUMNS } from '../../../../shared/iv-curves/iv-curves';

export type IvCurveOrderColumn = (typeof IV_CURVE_ORDER_COLUMNS)[number];
