import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { TransactionWrite } from '../../lib/db/aggregates';
import { nextId } from '../../lib/db/counters';
import { portalTable } from '../../lib/db/table';
import { timeOfKey, timeOrderedKey } from '../../lib/db/time-key';
import { currentCall } from '../../lib/call-context';
import { auditList, type AuditListRow } from './audit-list';
import { LicenseHistoryEntity, UserActionEntity } from './user-action.entity';

/**
 * The audit domain: who did what to whose belongings, and when. An entry is written only in the same
 * transaction as the change it records (a domain write adds `auditWrites(...)` to its own transaction),
 * so a change is never without its entry, nor an entry without its change; no cmd edits or deletes one.
 * One entry is kept where each view reads it: the trail of every user it concerns, the history of the
 * license it names, and the admin audit list (decision 037).
 */
export type UserActionRecord = FormattedItem<typeof UserActionEntity>;
export type LicenseHistoryRecord = FormattedItem<typeof LicenseHistoryEntity>;

/** Who does a change: the domain write that records it is told so by its handler. */
export interface AuditBy {
  by_user_id: number;
}

/** What an audit entry records; the call's cmd and request id come from the running call (call-context.ts). */
export interface AuditEntry extends AuditBy {
  /** What happened; the call's cmd name when not said. */
  action?: string;
  /** What it was done to: `{kind}#{id}`. */
  target: string;
  /** The users whose trail holds it (the owner of what changed; both sides of a move). */
  users: readonly number[];
  license_id?: number;
  product_id?: number;
  from_user_id?: number;
  to_user_id?: number;
  /** The values that changed, before and after (see changedValues). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Only what changed between `before` and `after` (the fields `after` names), each side as it was; an
 * absent or null value is null.
 */
export function changedValues(before: object | null, after: object): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  const old = (before ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(after)) {
    if (JSON.stringify(old[name] ?? null) === JSON.stringify(value ?? null)) continue;
    if (before) was[name] = old[name] ?? null;
    is[name] = value ?? null;
  }
  return { before: was, after: is };
}

const json = (values: Record<string, unknown> | null | undefined) => (values && Object.keys(values).length ? JSON.stringify(values) : undefined);

/**
 * The writes of one audit entry, for the transaction of the change it records: an entry in each
 * concerned user's trail, in the license's history when it names one, and its row in the admin audit
 * list. Its number comes first (a counter), so its writes can go in any transaction; a transaction that
 * then fails leaves a gap in the numbers, never an entry without its change.
 */
export async function auditWrites({ users, before, after, ...entry }: AuditEntry, now = new Date()): Promise<TransactionWrite[]> {
  const call = currentCall();
  const id = await nextId('audit');
  const record = {
    id,
    at: timeOrderedKey(now),
    action: entry.action ?? call?.cmd ?? 'unknown',
    by_user_id: entry.by_user_id,
    target: entry.target,
    ...(entry.license_id !== undefined ? { license_id: entry.license_id } : {}),
    ...(entry.product_id !== undefined ? { product_id: entry.product_id } : {}),
    ...(entry.from_user_id !== undefined ? { from_user_id: entry.from_user_id } : {}),
    ...(entry.to_user_id !== undefined ? { to_user_id: entry.to_user_id } : {}),
    ...(call?.cmd ? { cmd: `${call.endpoint}/${call.cmd}` } : {}),
    ...(call ? { request_id: call.request_id } : {}),
    ...(json(before) ? { before: json(before) } : {}),
    ...(json(after) ? { after: json(after) } : {}),
  };
  const trails = [...new Set(users)];
  const row: AuditListRow = {
    id,
    at: now.toISOString(),
    action: record.action,
    cmd: record.cmd ?? null,
    by_user_id: record.by_user_id,
    target: record.target,
    license_id: record.license_id ?? null,
    user_ids: trails,
    before: record.before ?? null,
    after: record.after ?? null,
    request_id: record.request_id ?? null,
  };
  return [
    ...trails.map((userId) => UserActionEntity.build(PutTransaction).item({ ...record, user_id: userId }).options({ condition: { attr: 'at', exists: false } })),
    ...(record.license_id !== undefined
      ? [LicenseHistoryEntity.build(PutTransaction).item({ ...record, history_of: record.license_id }).options({ condition: { attr: 'at', exists: false } })]
      : []),
    ...auditList.writes(id, row, now),
  ];
}

/** A user's actions, newest first. */
export async function userActions(userId: number, limit?: number): Promise<UserActionRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserActionEntity)
    .query({ partition: `actions#${userId}` })
    .options(limit === undefined ? { reverse: true, maxPages: Infinity } : { reverse: true, limit })
    .send();
  return Items ?? [];
}

/** A license's history, newest first. */
export async function licenseHistory(licenseId: number): Promise<LicenseHistoryRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(LicenseHistoryEntity)
    .query({ partition: `license-audit#${licenseId}` })
    .options({ reverse: true, maxPages: Infinity, consistent: true })
    .send();
  return Items ?? [];
}

/** When an entry was written (ISO), from its key. */
export const entryTime = (at: string) => timeOfKey(at);

/** A license or product given from one user to another, by its owner or an admin. */
export interface MoveAction {
  action: 'move_license' | 'move_product';
  license_id?: number;
  product_id?: number;
  from_user_id: number;
  to_user_id: number;
  by_user_id: number;
}

/** The writes that record a move, for both users it concerns, for the transaction of the move itself. */
export const moveActionWrites = (move: MoveAction, now: Date) =>
  auditWrites(
    {
      ...move,
      target: move.license_id !== undefined ? `license#${move.license_id}` : `product#${move.product_id}`,
      users: [move.from_user_id, move.to_user_id],
      before: { user_id: move.from_user_id },
      after: { user_id: move.to_user_id },
    },
    now,
  );

/**
 * A refund that could not take back a legacy upgrade (the license changed since): recorded with the buyer's
 * actions, where support sees it on the user's detail (no API call: the provider's event did it).
 */
export const refundNotRestoredWrite = (userId: number, licenseId: number, now: Date) =>
  UserActionEntity.build(PutTransaction).item({ user_id: userId, at: timeOrderedKey(now), action: 'refund_not_restored', license_id: licenseId, by_user_id: userId });
