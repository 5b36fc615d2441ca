import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';
import { casePartition } from './case.entity';

/**
 * A comment on a case: pk `case#{caseId}`, sk `comment#{id:10}` (in the order written). `internal`
 * marks support's internal note: read only by admins, never shown or sent to the case's user.
 */
export const CaseCommentEntity = new Entity({
  name: 'case-comment',
  table: portalTable,
  schema: item({
    case_id: number().key(),
    id: number().key(),
    user_id: number(),
    by_admin: boolean(),
    internal: boolean().optional(),
    comment: string(),
    created: string(),
  }),
  computeKey: ({ case_id, id }) => ({ pk: casePartition(case_id), sk: `comment#${String(id).padStart(10, '0')}` }),
  timestamps: false,
});
