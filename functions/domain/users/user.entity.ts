import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A portal user: the numeric id people read, the Cognito identity (sub, username) and the profile.
 *
 * | access pattern                          | key / index                              | operation |
 * |-----------------------------------------|------------------------------------------|-----------|
 * | the caller, from the token's sub        | pk `user#{sub}`, sk `user`               | GetItem   |
 * | a user by numeric id                    | gsi1 `userid#{id}` / `user`              | Query     |
 */
const userSchema = item({
  sub: string().key(),
  id: number(),
  username: string(),
  email: string(),
  first_name: string(),
  last_name: string(),
  company: string().default(''),
  beta_access: boolean().default(false),
  legacy: boolean().default(false),
  accepted_marketing: boolean().default(false),
  /** Whether the user is mailed before a license ends (beyond the spec; absent: yes). */
  expiry_notices: boolean().optional(),
  /** The day (YYYY-MM-DD, UTC) of the user's last signed-in call, written at most once a day. */
  last_active: string().optional(),
  /**
   * What the user holds, as JSON (user-holdings.ts): registered units by product and owned licenses by
   * type, written in the transaction of each license or product write that changes them.
   */
  holdings: string().optional(),
  /** Counts the writes; each write is conditioned on the count it read (absent on older records: 0). */
  version: number().optional(),
});

export const userKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'user' });

/** The index partition that finds a user by their numeric id. */
export const userIdPartition = (id: number) => `userid#${id}`;

export const UserEntity = new Entity({
  name: 'user',
  table: portalTable,
  schema: userSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof userSchema>(({ id }) => userIdPartition(id)),
    gsi1sk: string().hidden().default('user'),
  }),
  computeKey: ({ sub }) => userKey(sub),
  timestamps,
});

export type UserRecord = FormattedItem<typeof UserEntity>;
