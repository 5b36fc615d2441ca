import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * The audit line the deletion job keeps: no personal data, only who (by number) and when.
 * pk `deleted#{user_id}`, sk `deleted` (GetItem); gsi1 `deleted` / deleted (Query, newest last).
 */
const accountDeletionSchema = item({
  user_id: number().key(),
  requested: string(),
  deleted: string(),
  requested_by: number().optional(),
});

export const AccountDeletionEntity = new Entity({
  name: 'account_deletion',
  table: portalTable,
  schema: accountDeletionSchema.and({
    gsi1pk: string().hidden().default('deleted'),
    gsi1sk: string()
      .hidden()
      .link<typeof accountDeletionSchema>(({ deleted }) => deleted),
  }),
  computeKey: ({ user_id }) => ({ pk: `deleted#${user_id}`, sk: 'deleted' }),
  timestamps: false,
});
