import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { nextId } from '../../lib/db/counters';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { ACCOUNT_SCOPE, RevocationEntity } from '../sessions/revocation.entity';
import { UserEntity } from './user.entity';

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

/** The account was deleted: nothing of it is created again, whatever token still names it. */
export class AccountDeletedError extends Error {
  override readonly name = 'AccountDeletedError';
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
 * Creates the user record with the next numeric id, in one transaction with a check that the account
 * was not deleted. When two first calls race, one wins and the other reads the winner's record (its
 * counter value is skipped).
 */
export async function createUser(user: NewUser): Promise<UserRecord> {
  const id = await nextId('user');
  const record = { ...user, id };
  try {
    await execute(
      UserEntity.build(PutTransaction).item(record).options({ condition: { attr: 'sub', exists: false } }),
      RevocationEntity.build(ConditionCheck)
        .key({ sub: user.sub, scope: ACCOUNT_SCOPE })
        .condition({ attr: 'sub', exists: false }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await findUserBySub(user.sub);
    if (existing) return existing;
    throw new AccountDeletedError(`Account ${user.username} was deleted`);
  }
  const created = await findUserBySub(user.sub);
  if (!created) throw new Error(`User ${user.username} was not stored`);
  return created;
}

/** Changes the profile fields given; a field left out keeps its value. */
export async function updateUserProfile(
  sub: string,
  changes: { first_name: string; last_name: string; company?: string },
): Promise<UserRecord> {
  const { Attributes } = await UserEntity.build(UpdateItemCommand)
    .item({ sub, ...changes })
    .options({ condition: { attr: 'sub', exists: true }, returnValues: 'ALL_NEW' })
    .send();
  if (!Attributes) throw new Error('Profile update returned no item');
  return Attributes;
}

/** Lets a user buy legacy items (or no longer): the flag shows or hides their legacy purchase page. */
export async function setUserLegacy(sub: string, legacy: boolean): Promise<void> {
  await UserEntity.build(UpdateItemCommand)
    .item({ sub, legacy })
    .options({ condition: { attr: 'sub', exists: true } })
    .send();
}

/** Stores the verified email Cognito now holds for the user; false when there is no record. */
export async function updateUserEmail(sub: string, email: string): Promise<boolean> {
  try {
    await UserEntity.build(UpdateItemCommand)
      .item({ sub, email })
      .options({ condition: { attr: 'sub', exists: true } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function deleteUser(sub: string): Promise<void> {
  await UserEntity.build(DeleteItemCommand).key({ sub }).send();
}
