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
 * | a user's pending deletion request         | deletion_request | pk `deletion#{user_id}`, sk `deletion` | GetItem, conditional PutItem |
 * | every pending deletion request, oldest first | deletion_request | gsi1 `deletion#pending` / requested | Query |
 * | the audit line of a deleted account       | account_deletion | pk `deleted#{user_id}`, sk `deleted`; gsi1 `deleted` / deleted | GetItem, Query |
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

/** Email addresses are compared without regard to case or surrounding spaces. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * Which username holds an email address. Written with a condition by the pre-signup trigger, so two
 * sign-ups with the same address at the same moment cannot both pass; released when the account is deleted.
 */
export const EmailClaimEntity = new Entity({
  name: 'email_claim',
  table: portalTable,
  schema: item({ email: string().key(), username: string() }),
  computeKey: ({ email }) => ({ pk: `email#${normalizeEmail(email)}`, sk: 'email' }),
  timestamps,
});

/**
 * A user's request to delete the account, until the deletion job has done it. Only what the job needs:
 * the Cognito user to delete and the records to remove are found from these keys.
 */
const deletionRequestSchema = item({
  user_id: number().key(),
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

/** The audit line the deletion job keeps: no personal data, only who (by number) and when. */
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
