import { randomInt } from 'node:crypto';
import { execute, type ExecuteTransactWriteInput, type ExecuteTransactWriteOptions } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { CounterDelta, counterDeltaWrite, mergeDeltas } from './counter-deltas';

/**
 * The transaction engine: a write's items, counter changes and read-write changes written as one
 * DynamoDB transaction, merged so no item is touched twice, and written again when it failed only where
 * writing again may succeed. Every record write goes through it (lib/records/write-changes.ts builds
 * what a record write takes; counters are declared and read in aggregates.ts).
 */
export type ToolboxItem = Exclude<ExecuteTransactWriteInput[number], ExecuteTransactWriteOptions>;

/**
 * A kind of figure kept on a record that must be read to be written (a user's holdings on their record
 * and list row, whose row is the whole record as JSON, so it cannot be an `ADD`): the changes of one
 * transaction to one record are merged (`merge`), and `build` reads the record when the transaction is
 * written and answers the items that write the change onto it, conditioned on the record as read. A
 * transaction that failed only on those items (another write changed the record between the read and
 * the write) is built and written again (executeTransaction), like a counter's conflict.
 */
export interface ReadWriteKind<Change> {
  name: string;
  /** How many items one record's write takes at most (transactionSize counts them). */
  items: number;
  merge(a: Change, b: Change): Change;
  /** The items that write `change` onto the record `key`, from a read made now (none: nothing to write). */
  build(key: string, change: Change, now: Date): Promise<ToolboxItem[]>;
}

/** A change to a figure of one record kept by a ReadWriteKind: executeTransaction merges, reads and writes it. */
export class ReadWriteChange<Change = unknown> {
  readonly kind = 'read-write-change';
  constructor(
    readonly of: ReadWriteKind<Change>,
    readonly key: string,
    readonly change: Change,
  ) {}
}

/** An item of a transaction: a toolbox write, a counter change or a read-write change (merged and written by executeTransaction). */
export type TransactionWrite = ToolboxItem | CounterDelta | ReadWriteChange<unknown>;

export const isCounterDelta = (write: TransactionWrite): write is CounterDelta => write instanceof CounterDelta;
export const isReadWriteChange = (write: TransactionWrite): write is ReadWriteChange<unknown> => write instanceof ReadWriteChange;
const isToolboxItem = (write: TransactionWrite): write is ToolboxItem => !isCounterDelta(write) && !isReadWriteChange(write);

/** Read-write changes of the same record merged into one. */
export function mergeReadWrites(changes: readonly ReadWriteChange<unknown>[]): ReadWriteChange[] {
  const merged = new Map<string, ReadWriteChange>();
  for (const change of changes) {
    const key = `${change.of.name}|${change.key}`;
    const known = merged.get(key);
    merged.set(key, known ? new ReadWriteChange(change.of, change.key, change.of.merge(known.change, change.change)) : change);
  }
  return [...merged.values()];
}

/** How many items `writes` take in a transaction (at most) once their counter and read-write changes are merged. */
export const transactionSize = (writes: readonly TransactionWrite[]): number =>
  writes.filter(isToolboxItem).length +
  mergeDeltas(writes.filter(isCounterDelta)).length +
  mergeReadWrites(writes.filter(isReadWriteChange)).reduce((sum, change) => sum + change.of.items, 0);

/**
 * Whether a cancelled transaction failed only where writing it again may succeed: a conflict on a
 * counter item (from `counterFrom`), or a conflict or failed condition on a read-write item (from
 * `readWriteFrom` to `counterFrom`: the record changed since it was read).
 */
function onlyRetriableFailures(error: unknown, readWriteFrom: number, counterFrom: number): boolean {
  const { name, CancellationReasons } = (error ?? {}) as { name?: string; CancellationReasons?: { Code?: string }[] };
  if (name !== 'TransactionCanceledException' || !CancellationReasons) return false;
  let retriable = false;
  for (const [index, reason] of CancellationReasons.entries()) {
    const code = reason?.Code ?? 'None';
    if (code === 'None') continue;
    if (index < readWriteFrom) return false;
    if (index < counterFrom ? code !== 'TransactionConflict' && code !== 'ConditionalCheckFailed' : code !== 'TransactionConflict') return false;
    retriable = true;
  }
  return retriable;
}

/** Tries of a transaction that failed only on its counter items. */
export const COUNTER_CONFLICT_TRIES = 5;
/**
 * Tries of one with read-write changes that failed only on its counter or read-write items: concurrent
 * writes to one user's licenses meet on the user, and each round lets one of them through.
 */
const READ_WRITE_TRIES = 25;

/**
 * Writes `writes` as one transaction, their counter changes merged into one ADD per figure (a transaction
 * may not touch an item twice), each on a random shard, and their read-write changes merged per record
 * and built from a read made now. A transaction cancelled only because another one held one of its
 * counter items at that moment, or changed a record one of its read-write changes read, is built and
 * written again (up to COUNTER_CONFLICT_TRIES or READ_WRITE_TRIES times): nothing of it was written, and
 * the record's conditions are checked again.
 */
export async function executeTransaction(writes: readonly TransactionWrite[]): Promise<void> {
  const items = writes.filter(isToolboxItem);
  const deltas = mergeDeltas(writes.filter(isCounterDelta));
  const readWrites = mergeReadWrites(writes.filter(isReadWriteChange));
  if (items.length + deltas.length + readWrites.length === 0) return;
  for (let attempt = 1; ; attempt++) {
    const now = new Date();
    const built = (await Promise.all(readWrites.map((change) => change.of.build(change.key, change.change, now)))).flat();
    if (items.length + built.length + deltas.length === 0) return;
    try {
      await execute(...items, ...built, ...deltas.map(counterDeltaWrite));
      return;
    } catch (error) {
      const tries = readWrites.length ? READ_WRITE_TRIES : COUNTER_CONFLICT_TRIES;
      if (attempt >= tries || !onlyRetriableFailures(error, items.length, items.length + built.length)) throw error;
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * Math.min(attempt, 8))));
    }
  }
}

