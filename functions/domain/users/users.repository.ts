import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { nextId } from '../../lib/db/counters';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { getTableName } from '../../lib/config';
import { plainFormatter } from '../../lib/db/plain-format';
import { documentClient, isConditionFailure, portalTable } from '../../lib/db/table';
import { ACCOUNT_SCOPE, RevocationEntity } from '../sessions/revocation.entity';
import { writeChanges } from '../../lib/records/write-changes';
import type { AuditSwitch } from '../../lib/records/record-kind';
import { UserEntity, userIdPartition, userKey, type UserRecord } from './user.entity';
import { userKind } from './user.kind';

export type { UserRecord } from './user.entity';

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

const asUserRecord = plainFormatter(UserEntity);

/**
 * The user `sub`: the read behind every signed-in call that needs the caller's record (the profile on
 * each page load), so it is one plain GetItem, formatted without the toolbox's per-value checks.
 */
export async function findUserBySub(sub: string): Promise<UserRecord | null> {
  const { Item } = await documentClient.send(new GetCommand({ TableName: getTableName(), Key: userKey(sub) }));
  return Item ? asUserRecord(Item) : null;
}

export async function findUserById(id: number): Promise<UserRecord | null> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserEntity)
    .query({ index: 'gsi1', partition: userIdPartition(id) })
    .options({ limit: 1 })
    .send();
  return Items?.[0] ?? null;
}

/**
 * The users of these ids that exist, by id (one Query each, side by side; each id once): the few people
 * a customer's result names (whom a license is shared with, who shared it). Admin lists join the users
 * list instead.
 */
export async function usersByIds(ids: Iterable<number>): Promise<Map<number, UserRecord>> {
  const wanted = [...new Set(ids)];
  const found = await Promise.all(wanted.map((id) => findUserById(id)));
  return new Map(found.filter((user) => user !== null).map((user) => [user.id, user]));
}

/**
 * Creates the user record with the next numeric id, in one transaction with a check that the account
 * was not deleted. When two first calls race, one wins and the other reads the winner's record (its
 * counter value is skipped).
 */
export async function createUser(user: NewUser, now = new Date()): Promise<UserRecord> {
  const id = await nextId('user');
  const record: UserRecord = {
    company: '',
    beta_access: false,
    legacy: false,
    accepted_marketing: false,
    ...user,
    id,
    created: now.toISOString(),
    updated: now.toISOString(),
    last_active: now.toISOString().slice(0, 10),
    version: 0,
  };
  try {
    await writeChanges([userKind.change({ before: null, after: record, condition: { attr: 'sub', exists: false } })], {
      now,
      items: [
        RevocationEntity.build(ConditionCheck)
          .key({ sub: user.sub, scope: ACCOUNT_SCOPE })
          .condition({ attr: 'sub', exists: false }),
      ],
    });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await findUserBySub(user.sub);
    if (existing) return existing;
    throw new AccountDeletedError(`Account ${user.username} was deleted`);
  }
  return record;
}

/** Attempts at a user write while other writes keep changing the record (each reads it anew). */
const WRITE_ATTEMPTS = 3;

/**
 * Writes `changes` to the user `sub`, with its list row, in one transaction conditioned on the version
 * read, so the row always shows what the record holds; a write that raced another reads again and retries.
 * Null when there is no such user.
 */
async function changeUser(
  sub: string,
  changes: Partial<Pick<UserRecord, 'first_name' | 'last_name' | 'company' | 'legacy' | 'email' | 'last_active' | 'holdings'>>,
  {
    wanted = () => true,
    audited = false,
  }: {
    /** Whether the write is still wanted on the record as read (false: nothing to write, the record is answered). */
    wanted?: (user: UserRecord) => boolean;
    /** An admin's change: its audit entry goes into the same transaction. */
    audited?: boolean;
  } = {},
) {
  for (let attempt = 1; ; attempt += 1) {
    const user = await findUserBySub(sub);
    if (!user) return null;
    if (!wanted(user)) return user;
    const now = new Date();
    // A field given as undefined is left as it is, as a field left out.
    const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const next: UserRecord = { ...user, ...given, updated: now.toISOString(), version: (user.version ?? 0) + 1 };
    const change = userKind.change({
      before: user,
      after: next,
      condition: user.version === undefined ? { attr: 'version', exists: false } : { attr: 'version', eq: user.version },
      ...(audited ? { audit: { fields: Object.keys(given) } } : {}),
    });
    try {
      await writeChanges([change], { now });
      return next;
    } catch (error) {
      if (!isConditionFailure(error) || attempt === WRITE_ATTEMPTS) throw error;
    }
  }
}

/** Changes the profile fields given; a field left out keeps its value. */
export async function updateUserProfile(
  sub: string,
  changes: { first_name: string; last_name: string; company?: string; expiry_notices?: boolean },
): Promise<UserRecord> {
  const user = await changeUser(sub, changes);
  if (!user) throw new Error(`No user ${sub} to update`);
  return user;
}

/** Lets a user buy legacy items (or no longer): the flag shows or hides their legacy purchase page. */
export async function setUserLegacy(sub: string, legacy: boolean, { audited }: AuditSwitch = {}): Promise<void> {
  if (!(await changeUser(sub, { legacy }, { audited }))) throw new Error(`No user ${sub} to change`);
}

/** Stores the verified email Cognito now holds for the user; false when there is no record. */
export async function updateUserEmail(sub: string, email: string): Promise<boolean> {
  return (await changeUser(sub, { email })) !== null;
}

/**
 * Notes the day of a user's signed-in call when the record has another (at most one write a user a
 * day). A write that meets another one is not tried again: the next call's will do.
 */
export async function noteUserActive(user: UserRecord, now = new Date()): Promise<void> {
  const day = now.toISOString().slice(0, 10);
  if (user.last_active === day) return;
  try {
    await changeUser(user.sub, { last_active: day }, { wanted: (current) => current.last_active !== day });
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Stores what the user holds (user-holdings.ts) when it differs from what the record holds. */
export async function setUserHoldings(id: number, holdings: string): Promise<void> {
  const found = await findUserById(id);
  if (!found) return;
  await changeUser(found.sub, { holdings }, { wanted: (current) => (current.holdings ?? '') !== holdings });
}

/** Removes the user's record and its list row. */
export async function deleteUser(sub: string): Promise<void> {
  const user = await findUserBySub(sub);
  if (!user) return;
  // Conditioned on the record being there, so two deletions cannot both count it off.
  try {
    await writeChanges([userKind.change({ before: user, after: null, condition: { attr: 'sub', exists: true } })]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
