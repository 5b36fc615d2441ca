import { declareRecordKind } from '../../lib/records/record-kind';
import { auditTrail } from '../audit/audit.repository';
import { caseTallies } from './case-figures';
import { caseList } from './case-list';
import type { CaseRecord } from './case-record';
import { CaseEntity, casePartition, casesOfPartition } from './case.entity';

/**
 * A support case as a record kind: listed (the admin cases list), counted by state, and audited in its
 * owner's trail (an admin's change).
 */
export const caseKind = declareRecordKind<typeof CaseEntity, CaseRecord, { case: typeof casePartition; casesOf: typeof casesOfPartition }>({
  name: 'case',
  entity: CaseEntity,
  key: ({ id }) => ({ id }),
  keys: { case: casePartition, casesOf: casesOfPartition },
  list: caseList,
  tallies: caseTallies,
  audit: { trail: auditTrail, target: ({ id }) => `case#${id}`, users: ({ user_id }) => [user_id] },
});
