import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * A user's request to delete the account, until the deletion job has done it.
 *
 * | access pattern                               | key / index                             | operation |
 * |----------------------------------------------|-----------------------------------------|-----------|
 * | a user's pending request                     | pk `deletion#{user_id}`, sk `deletion`  | GetItem, conditional PutItem |
 * | every pending request, oldest first          | gsi1 `deletion#pending` / requested     | Query     |
 */
const deletionRequestSchema = item({
  user_id: number().key(),
  /** The Cognito account to delete: matched by sub, since a username can be taken again. */
  sub: string(),
  username: string(),
  requested: string(),
  delete_by: string(),
  /** The admin who asked, when it was not the user. */
  requested_by: number().optional(),
});

export const DeletionRequestEntity = new Entity({
  name: 'deletion_request',
  table: portalTable,
  schema: deletionRequestSchema.and({
    gsi1pk: string().hidden().default('deletion#pending'),
    gsi1sk: string()
      .hidden()
      .link<typeof deletionRequestSchema>(({ requested }) => requested),
  }),
  computeKey: ({ user_id }) => ({ pk: `deletion#${user_id}`, sk: 'deletion' }),
  timestamps: false,
});
