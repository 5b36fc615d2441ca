import { Entity } from 'dynamodb-toolbox/entity';
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
  /** Counts the writes; each write is conditioned on the count it read (absent on older records: 0). */
  version: number().optional(),
});

export const userKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'user' });

export const UserEntity = new Entity({
  name: 'user',
  table: portalTable,
  schema: userSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof userSchema>(({ id }) => `userid#${id}`),
    gsi1sk: string().hidden().default('user'),
  }),
  computeKey: ({ sub }) => userKey(sub),
  timestamps,
});
