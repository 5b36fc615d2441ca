import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { ivCurveList } from './iv-curve-list';
import { IV_CURVES_PARTITION, IvCurveEntity, ivCurvesOfPartition, type IvCurveRecord } from './iv-curve.entity';

/** An IV curve as a record kind: listed (the admin curves list), audited in its owner's trail (an admin's change). */
export const ivCurveKind = declareRecordKind<typeof IvCurveEntity, IvCurveRecord, { curvesOf: typeof ivCurvesOfPartition; public: typeof IV_CURVES_PARTITION }>({
  name: 'iv-curve',
  entity: IvCurveEntity,
  key: ({ id }) => ({ id }),
  keys: { curvesOf: ivCurvesOfPartition, public: IV_CURVES_PARTITION },
  list: ivCurveList,
  audit: { trail: auditTrail, target: ({ id }) => `iv-curve#${id}`, users: ({ user_id }) => [user_id] },
});
