import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';
import { casePartition } from './case.entity';

/**
 * A case's history: every state change and assignment with who and when, pk `case#{caseId}`, sk
 * `event#{revision:6}#{kind}` (the case's revision the write made: one write, at most one event of each kind).
 */
export const CaseEventEntity = new Entity({
  name: 'case-event',
  table: portalTable,
  schema: item({
    case_id: number().key(),
    revision: number().key(),
    kind: string().enum('state', 'assign').key(),
    by_user_id: number(),
    from_state: number().optional(),
    to_state: number().optional(),
    /** The assignee after an assignment (none: cleared). */
    assigned_to: number().optional(),
    at: string(),
  }),
  computeKey: ({ case_id, revision, kind }) => ({ pk: casePartition(case_id), sk: `event#${String(revision).padStart(6, '0')}#${kind}` }),
  timestamps: false,
});
