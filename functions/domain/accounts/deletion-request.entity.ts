import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * A user's request to delete the account, until the deletion job has done it or the request was withdrawn
 * (possible until the job starts on it).
 *
 * | access pattern                               | key / index                             | operation |
 * |----------------------------------------------|-----------------------------------------|-----------|
 * | a user's pending request                     | pk `deletion#{user_id}`, sk `deletion`  | GetItem, conditional PutItem, conditional DeleteItem (withdrawn) |
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
  /**
   * When the deletion job began carrying the request out (ISO 8601). From then on it cannot be withdrawn:
   * the account's tokens are revoked first, so the job never races a withdrawal it let through.
   */
  started: string().optional(),
});

/** The index partition that holds every pending request. */
export const PENDING_DELETIONS_PARTITION = 'deletion#pending';

export const DeletionRequestEntity = new Entity({
  name: 'deletion_request',
  table: portalTable,
  schema: deletionRequestSchema.and({
    gsi1pk: string().hidden().default(PENDING_DELETIONS_PARTITION),
    gsi1sk: string()
      .hidden()
      .link<typeof deletionRequestSchema>(({ requested }) => requested),
  }),
  computeKey: ({ user_id }) => ({ pk: `deletion#${user_id}`, sk: 'deletion' }),
  timestamps: false,
});
