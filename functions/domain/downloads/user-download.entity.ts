import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from '../../lib/db/table';

/**
 * A download of the desktop software from the download page: which release version, for which OS and
 * architecture, under which EULA version. The admin's user detail lists a user's downloads, newest first.
 *
 * | access pattern          | key                                            | operation          |
 * |-------------------------|------------------------------------------------|--------------------|
 * | record a download       | pk `downloads#{userId}`, sk `{ISO time}#{id}`  | PutItem            |
 * | a user's downloads      | pk `downloads#{userId}`                        | Query, descending  |
 */
/** A user's partition of downloads. */
export const downloadsPartition = (userId: number) => `downloads#${userId}`;

export const UserDownloadEntity = new Entity({
  name: 'user-download',
  table: portalTable,
  schema: item({
    user_id: number().key(),
    /** ISO time, then a random id: unique, and in time order (lib/db/time-key.ts). */
    at: string().key(),
    client_version: string(),
    os: string(),
    arch: string(),
    /** The EULA version the download was made under (absent on downloads recorded before versions were). */
    eula_version: string().optional(),
  }),
  computeKey: ({ user_id, at }) => ({ pk: downloadsPartition(user_id), sk: at }),
  timestamps: false,
});
