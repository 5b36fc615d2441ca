import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';
import { licenseSortKey } from './license.entity';

/**
 * A license as one user's list shows it: a copy of the license for its owner and for each user it is
 * shared with, in that user's own partition of the table, written in the same transaction as every write
 * of the license (licenses.repository.ts). So the list (the desktop app's on every start) is one Query of
 * the table itself: on DynamoDB Local an index Query costs about twice a GetItem, a table Query about one.
 *
 * | access pattern                               | key / index                                      | operation |
 * |----------------------------------------------|--------------------------------------------------|-----------|
 * | a user's own and shared licenses, as copies  | pk `license-views#{userId}`, sk `license#{id:10}` | Query     |
 */
const viewSchema = item({
  user_id: number().key(),
  license_id: number().key(),
  /**
   * The license as its last write left it, as JSON: the whole record (what a recipient may see is decided
   * when it is shown), as text because one string is far cheaper to read than a map of twenty attributes.
   */
  license: string(),
  /** For a recipient: the username of the owner who shared it (fixed for an account's life). */
  owner_username: string().optional(),
});

export const licenseViewsPartition = (userId: number) => `license-views#${userId}`;

export const LicenseViewEntity = new Entity({
  name: 'license-view',
  table: portalTable,
  schema: viewSchema,
  computeKey: ({ user_id, license_id }) => ({ pk: licenseViewsPartition(user_id), sk: licenseSortKey(license_id) }),
  timestamps,
});
