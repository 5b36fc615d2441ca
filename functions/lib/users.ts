import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { apiMessages } from '../../shared/api';
import type { UserProfile } from '../../shared/contract';
import type { Caller } from './auth';
import { attributeRecord, cognito } from './cognito';
import { nextId } from './db/counters';
import { unauthorized } from './errors';
import { UserEntity } from './db/entities';
import { portalTable } from './db/table';

export type UserRecord = FormattedItem<typeof UserEntity>;

export interface NewUser {
  sub: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  company?: string;
  accepted_marketing?: boolean;
}

export function toProfile(user: UserRecord): UserProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company ?? '',
    beta_access: user.beta_access ?? false,
    legacy: user.legacy ?? false,
  };
}

export async function findUserBySub(sub: string): Promise<UserRecord | null> {
  const { Item } = await UserEntity.build(GetItemCommand).key({ sub }).send();
  return Item ?? null;
}

export async function findUserById(id: number): Promise<UserRecord | null> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserEntity)
    .query({ index: 'gsi1', partition: `userid#${id}` })
    .options({ limit: 1 })
    .send();
  return Items?.[0] ?? null;
}

/**
 * Creates the user record with the next numeric id. The create is conditional on the sub, so when two
 * first calls race, one wins and the other reads the winner's record (its counter value is skipped).
 */
export async function createUser(user: NewUser): Promise<UserRecord> {
  const id = await nextId('user');
  try {
    const { ToolboxItem } = await UserEntity.build(PutItemCommand)
      .item({ ...user, id })
      .options({ condition: { attr: 'sub', exists: false } })
      .send();
    return ToolboxItem;
  } catch (error) {
    const existing = await findUserBySub(user.sub);
    if (existing) return existing;
    throw error;
  }
}

/** The Cognito user's attributes: from an id token as they are, else asked of Cognito with the access token. */
async function callerAttributes(caller: Caller): Promise<Record<string, string>> {
  if (caller.attributes) return caller.attributes;
  try {
    const { sdk, client } = await cognito();
    const cognitoUser = await client.send(new sdk.GetUserCommand({ AccessToken: caller.token }));
    return attributeRecord(cognitoUser.UserAttributes);
  } catch (error) {
    // A valid token of a user deleted since, or signed out everywhere: a session error for the caller.
    const name = (error as Error).name;
    if (name === 'UserNotFoundException' || name === 'NotAuthorizedException') throw unauthorized(apiMessages.missingToken);
    throw error;
  }
}

/** The caller's record, created on the first signed-in call from the Cognito user's attributes. */
export async function resolveCallerUser(caller: Caller): Promise<UserRecord> {
  const existing = await findUserBySub(caller.sub);
  if (existing) return existing;
  const attributes = await callerAttributes(caller);
  return createUser({
    sub: caller.sub,
    username: caller.username,
    email: attributes.email ?? '',
    first_name: attributes.name ?? '',
    last_name: attributes.family_name ?? '',
    company: attributes['custom:company'] ?? '',
    accepted_marketing: attributes['custom:accepted_marketing'] === '1',
  });
}

export async function updateUserProfile(
  sub: string,
  changes: Pick<UserRecord, 'first_name' | 'last_name' | 'company'>,
): Promise<UserRecord> {
  const { Attributes } = await UserEntity.build(UpdateItemCommand)
    .item({ sub, ...changes })
    .options({ condition: { attr: 'sub', exists: true }, returnValues: 'ALL_NEW' })
    .send();
  if (!Attributes) throw new Error('Profile update returned no item');
  return Attributes;
}
