import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';
import { licenseSortKey } from './license.entity';

/**
 * A license shared with a user (read-only for them), beside the license in its partition.
 *
 * | access pattern                       | key / index                                        | operation |
 * |--------------------------------------|----------------------------------------------------|-----------|
 * | the users a license is shared with   | pk `license#{id}`, sk begins_with `share#`         | Query     |
 * | the licenses shared with a user      | gsi1 `shared-with#{userId}` / `license#{id:10}`    | Query     |
 */
const shareSchema = item({
  license_id: number().key(),
  user_id: number().key(),
  /** The owner who shared it, and their username (fixed for an account's life: no lookup to show it). */
  owner_id: number(),
  owner_username: string().optional(),
});

export const sharedWithPartition = (userId: number) => `shared-with#${userId}`;

export const LicenseShareEntity = new Entity({
  name: 'license-share',
  table: portalTable,
  schema: shareSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof shareSchema>(({ user_id }) => sharedWithPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof shareSchema>(({ license_id }) => licenseSortKey(license_id)),
  }),
  computeKey: ({ license_id, user_id }) => ({ pk: `license#${license_id}`, sk: `share#${user_id}` }),
  timestamps,
});
