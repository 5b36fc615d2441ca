import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import type { AuditEntry, AuditTrail } from '../../lib/records/record-kind';
import { nextId } from '../../lib/db/counters';
import { portalTable } from '../../lib/db/table';
import { timeOfKey, timeOrderedKey } from '../../lib/db/time-key';
import { currentCall } from '../../lib/call-context';
import { auditList, type AuditListRow } from './audit-list';
import {
  actionsPartition,
  LicenseHistoryEntity,
  licenseHistoryPartition,
  OrganisationHistoryEntity,
  organisationHistoryPartition,
  UserActionEntity,
} from './user-action.entity';

/**
 * The audit domain: who did what to whose belongings, and when. An entry is written only in the same
 * transaction as the change it records (a record kind declares its audit and the write path adds the
 * entry: lib/records/write-changes.ts),
 * so a change is never without its entry, nor an entry without its change; no cmd edits or deletes one.
 * One entry is kept where each view reads it: the trail of every user it concerns, the history of the
 * license it names, and the admin audit list (decision 037).
 */
export type UserActionRecord = FormattedItem<typeof UserActionEntity>;
export type LicenseHistoryRecord = FormattedItem<typeof LicenseHistoryEntity>;
export type OrganisationHistoryRecord = FormattedItem<typeof OrganisationHistoryEntity>;

/** Who does a change: the domain write that records it is told so by its handler. */
export interface AuditBy {
  by_user_id: number;
}

/** What an audit entry records (lib/records/record-kind.ts); the call's cmd and request id come from the running call (call-context.ts). */
export type { AuditEntry } from '../../lib/records/record-kind';

const json = (values: Record<string, unknown> | null | undefined) => (values && Object.keys(values).length ? JSON.stringify(values) : undefined);

/**
 * The writes of one audit entry, for the transaction of the change it records: an entry in each
 * concerned user's trail, in the license's history when it names one, in the organisation's when it
 * targets one, and its row in the admin audit list. Its number comes first (a counter), so its writes can go in any transaction; a transaction that
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
  const organisation = /^organisation#(\d+)$/.exec(record.target ?? '')?.[1];
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
    ...(organisation !== undefined
      ? [OrganisationHistoryEntity.build(PutTransaction).item({ ...record, history_of: Number(organisation) }).options({ condition: { attr: 'at', exists: false } })]
      : []),
    ...auditList.writes(id, row, now),
  ];
}

/** The audit trail the record kinds declare: their audited changes' entries are written here. */
export const auditTrail: AuditTrail = { entryWrites: auditWrites };

/** A user's actions, newest first. */
export async function userActions(userId: number, limit?: number): Promise<UserActionRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(UserActionEntity)
    .query({ partition: actionsPartition(userId) })
    .options(limit === undefined ? { reverse: true, maxPages: Infinity } : { reverse: true, limit })
    .send();
  return Items ?? [];
}

/** A license's history, newest first. */
export async function licenseHistory(licenseId: number): Promise<LicenseHistoryRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(LicenseHistoryEntity)
    .query({ partition: licenseHistoryPartition(licenseId) })
    .options({ reverse: true, maxPages: Infinity, consistent: true })
    .send();
  return Items ?? [];
}

/** An organisation's history, newest first. */
export async function organisationHistory(organisationId: number): Promise<OrganisationHistoryRecord[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(OrganisationHistoryEntity)
    .query({ partition: organisationHistoryPartition(organisationId) })
    .options({ reverse: true, maxPages: Infinity, consistent: true })
    .send();
  return Items ?? [];
}

/** When an entry was written (ISO), from its key. */
export const entryTime = (at: string) => timeOfKey(at);

