import type { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $remove, $set } from 'dynamodb-toolbox/entity/actions/update';
import { currentCall, type CallRecord } from '../call-context';
import { countChanges } from '../db/aggregates';
import { executeTransaction, type TransactionWrite } from '../db/write-transaction';
import type { RecordChange, RecordKind } from './record-kind';

/**
 * The one write path of records: each change's own write (put, update or delete, under its condition)
 * and everything its kind derives from it (list row, counter changes, holdings, copies, audit entry),
 * with any extra plain items the write needs (a claim, a condition check, a part of the record), as one
 * transaction (write-transaction.ts).
 */
export interface WriteOptions {
  /** Plain items written in the same transaction (never a list row, counter or audit entry: those are derived). */
  items?: readonly TransactionWrite[];
  /** Who makes an audited change when the call does not say (a job, the payment provider's webhook). */
  actor?: number;
  now?: Date;
}

/** Only what changed between `before` and `after` (the fields `after` names), each side as it was; absent or null is null. */
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

type AnyKind = RecordKind<Entity, Record<string, unknown>>;
type AnyChange = { kind: AnyKind; before: Record<string, unknown> | null; after: Record<string, unknown> | null } & Omit<RecordChange, 'kind' | 'before' | 'after'>;

/** Fields an update never writes itself: the toolbox keeps the timestamps. */
const KEPT_BY_TOOLBOX = new Set(['created', 'updated']);

/** The record's own write: its removal, the fields that changed, or the whole record. */
function ownWrite({ kind, before, after, condition }: AnyChange): TransactionWrite {
  const { entity, key, write = 'put', linked } = kind.declaration;
  const options = condition === undefined ? {} : { condition };
  const build = entity.build.bind(entity) as (action: unknown) => { key(k: unknown): { options(o: unknown): TransactionWrite }; item(i: unknown): { options(o: unknown): TransactionWrite } };
  if (after === null) {
    if (before === null) throw new Error(`A ${kind.name} change has neither a before nor an after`);
    return build(DeleteTransaction).key(key(before)).options(options);
  }
  if (write === 'put' || before === null) return build(PutTransaction).item(after).options(options);
  const update: Record<string, unknown> = { ...linked?.(after), ...(key(after) as object) };
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (KEPT_BY_TOOLBOX.has(name) || name in update) continue;
    const [was, is] = [before[name], after[name]];
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    update[name] = is === undefined || is === null ? $remove() : typeof is === 'object' ? $set(is) : is;
  }
  return build(UpdateTransaction).item(update).options(options);
}

/** The writes of audit entries this path built: a transaction holds an entry when it holds one of them. */
const entryWrites = new WeakSet<object>();
/** The audited calls that have written an entry. */
const entered = new WeakSet<CallRecord>();

/** An audited call's first write without an audit entry (its cmd's contract says `audit: true`): refused, nothing written. */
export class UnauditedWriteError extends Error {
  constructor(call: CallRecord) {
    super(`The audited call ${call.endpoint}/${call.cmd ?? '?'} writes before its audit entry: its first write carries the entry`);
    this.name = 'UnauditedWriteError';
  }
}

/**
 * Holds an audited call (call-context.ts `audited`) to its audit: its first write must carry an entry, so
 * the call writes at least one, and a call that would write without one writes nothing. A call that writes
 * nothing (a no-op: the value was already so) needs none. Its later writes may be unaudited (a case's own
 * comment beside its audited state change), since the call's entry is written.
 */
function holdToAudit(writes: readonly TransactionWrite[]): (() => void) | undefined {
  const call = currentCall();
  if (!call?.audited || writes.length === 0 || entered.has(call)) return undefined;
  if (!writes.some((write) => entryWrites.has(write as object))) throw new UnauditedWriteError(call);
  return () => entered.add(call);
}

/** The audit entry of an audited change, from its kind's declaration and what the change says. */
async function auditWrites(change: AnyChange, actor: number | undefined, now: Date): Promise<readonly TransactionWrite[]> {
  const { kind, before, after, audit } = change;
  const declared = kind.declaration.audit;
  if (!audit) return [];
  if (!declared) throw new Error(`The ${kind.name} kind declares no audit`);
  const by = audit.by_user_id ?? actor ?? currentCall()?.actor_user_id;
  if (by === undefined) throw new Error(`An audited ${kind.name} change has no actor`);
  const record = (after ?? before)!;
  const ignored = new Set(declared.ignore ?? []);
  const names = audit.fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((name) => !ignored.has(name));
  const values =
    audit.values !== undefined
      ? { before: audit.values.before ?? {}, after: audit.values.after ?? {} }
      : changedValues(before, Object.fromEntries(names.map((name) => [name, after?.[name] ?? null])));
  const writes = await declared.trail.entryWrites(
    {
      by_user_id: by,
      ...(audit.action ? { action: audit.action } : {}),
      target: audit.target ?? declared.target(record),
      users: audit.users ?? [...declared.users(record), ...(audit.also ?? [])],
      ...declared.names?.(record),
      ...(audit.from_user_id !== undefined ? { from_user_id: audit.from_user_id } : {}),
      ...(audit.to_user_id !== undefined ? { to_user_id: audit.to_user_id } : {}),
      ...values,
    },
    now,
  );
  for (const write of writes) entryWrites.add(write as object);
  return writes;
}

/** What one change writes but its audit entry: its own write and what its kind derives from it. */
function derivedWrites(change: AnyChange, now: Date): TransactionWrite[] {
  const { kind, before, after } = change;
  if (change.act) return [];
  const { list, tallies, holdings, copies, id = (record) => record.id as number } = kind.declaration;
  const record = (after ?? before)!;
  return [
    ownWrite(change),
    ...(list ? list.writes(id(record), after, now) : []),
    ...(tallies ? countChanges(before ? tallies(before) : [], after ? tallies(after) : []) : []),
    ...(holdings ? holdings(before, after) : []),
    ...(copies ? copies(before, after, change.hints ?? {}, now) : []),
  ];
}

/**
 * The items of changes none of which is audited, with everything they derive (synchronous: no entry
 * number to take): for a plan that writes them in a step of its own (an order, a provider's event).
 */
export function changeItems(changes: readonly RecordChange[], now = new Date()): TransactionWrite[] {
  return (changes as unknown as readonly AnyChange[]).flatMap((change) => {
    if (change.audit) throw new Error(`An audited ${change.kind.name} change is built by buildWrites`);
    return derivedWrites(change, now);
  });
}

/**
 * The items of `changes` with everything they derive, and `options.items`: for a write that is itself
 * one step of a larger plan (an order applied in steps) and is written by executeTransaction later.
 */
export async function buildWrites(changes: readonly RecordChange[], options: WriteOptions = {}): Promise<TransactionWrite[]> {
  const now = options.now ?? new Date();
  const built = await Promise.all((changes as unknown as readonly AnyChange[]).map(async (change) => [...derivedWrites(change, now), ...(await auditWrites(change, options.actor, now))]));
  // The plain items first: a write that reads its first cancellation reason (a usage limit) finds it there.
  return [...(options.items ?? []), ...built.flat()];
}

/** Writes `changes` with everything they derive, and `options.items`, as one transaction. */
export async function writeChanges(changes: readonly RecordChange[], options: WriteOptions = {}): Promise<void> {
  const writes = await buildWrites(changes, options);
  const written = holdToAudit(writes);
  await executeTransaction(writes);
  written?.();
}
