import { Entity } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from './table';

/**
 * Every record type of the single table, with its keys.
 *
 * | access pattern                            | entity      | key / index                          | operation  |
 * |-------------------------------------------|-------------|--------------------------------------|------------|
 * | resolve the caller from the token's sub   | user        | pk `user#{sub}`, sk `user`           | GetItem    |
 * | user by numeric id                        | user        | gsi1 `userid#{id}` / `user`          | Query      |
 * | next id of a kind (user, license, case …) | counter     | pk `counter#{name}`, sk `counter`    | UpdateItem ADD |
 * | which username holds an email address     | email_claim | pk `email#{email}`, sk `email`       | GetItem, conditional PutItem |
 */
const timestamps = {
  created: { name: 'created', savedAs: 'created' },
  modified: { name: 'updated', savedAs: 'updated' },
} as const;

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
});

export const UserEntity = new Entity({
  name: 'user',
  table: portalTable,
  schema: userSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof userSchema>(({ id }) => `userid#${id}`),
    gsi1sk: string().hidden().default('user'),
  }),
  computeKey: ({ sub }) => ({ pk: `user#${sub}`, sk: 'user' }),
  timestamps,
});

export const CounterEntity = new Entity({
  name: 'counter',
  table: portalTable,
  schema: item({ name: string().key(), value: number().default(0) }),
  computeKey: ({ name }) => ({ pk: `counter#${name}`, sk: 'counter' }),
  timestamps: false,
});

/**
 * Which username holds an email address. Written with a condition by the pre-signup trigger, so two
 * sign-ups with the same address at the same moment cannot both pass; released when the account is deleted.
 */
export const EmailClaimEntity = new Entity({
  name: 'email_claim',
  table: portalTable,
  schema: item({ email: string().key(), username: string() }),
  computeKey: ({ email }) => ({ pk: `email#${email}`, sk: 'email' }),
  timestamps,
});
