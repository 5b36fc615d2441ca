import { randomInt } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { execute, type ExecuteTransactWriteInput, type ExecuteTransactWriteOptions } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { $add, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { portalTable } from './table';

/**
 * Counters kept in the same transaction as the records they count, so a figure (registered products,
 * licenses by type and state, later users, cases and usage) is read from a few items instead of loading
 * every record, and can never disagree with the records it counts.
 *
 * A counter counts by dimension (a license type, a product id …) and by period: the total, or the day,
 * ISO week, month or year of a date the record carries (when it was created, when it ends …). A record
 * write says what the record counted for before and after (`Tally`); the difference becomes `ADD`
 * updates in the write's own transaction (`executeTransaction` merges them per item).
 *
 * DynamoDB cancels a transaction that meets another one on the same item (TransactionConflict), so a
 * counter that many writes change at once (seat reservations) is split into `shards` items: each write
 * adds to one at random, a read sums them; a transaction whose only conflict is on a counter item is
 * tried again (nothing of it was written), with other shards.
 *
 * | access pattern                       | key                                                                  | operation      |
 * |--------------------------------------|----------------------------------------------------------------------|----------------|
 * | add to a counter (in a transaction)  | pk `aggregate#{name}`, sk `{period}#{dimension}#{shard}`              | UpdateItem ADD |
 * | a counter's totals, every dimension  | pk `aggregate#{name}`, sk begins_with `total#`                       | Query          |
 * | a counter by period, a range         | pk `aggregate#{name}`, sk between `d2026-01-01` and `d2026-01-31~`   | Query          |
 * | a subject seen in a period (once)    | pk `aggregate-seen#{name}#{period}`, sk `{dimension}#{subject}`      | conditional Put|
 *
 * Periods are written `total`, `d2026-11-25`, `w2026-W48`, `m2026-11`, `y2026` (UTC), so a range of one
 * kind is one sort-key range.
 */
export type Period = 'total' | 'day' | 'week' | 'month' | 'year';

export interface CounterDeclaration {
  /** Names the counter's partition: letters, digits and `-`. */
  name: string;
  /** What it is kept by: the total, and/or the day, week, month, year of the tally's date. */
  periods: readonly Period[];
  /** Items a figure is split over (default 1): more for a counter many writes change at once. */
  shards?: number;
}

export interface Counter extends Required<CounterDeclaration> {
  readonly kind: 'counter';
}

/** Declares a counter: its name, periods and shards. The declaration is all a figure needs. */
export function declareCounter({ name, periods, shards = 1 }: CounterDeclaration): Counter {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`A counter's name is letters, digits and -: ${name}`);
  if (periods.length === 0) throw new Error(`Counter ${name} counts by no period`);
  return { kind: 'counter', name, periods, shards };
}

const NO_DIMENSION = '-';

/** One thing a record counts for: a counter, a dimension of it, and the date its periods come from. */
export interface Tally {
  counter: Counter;
  dimension?: string;
  /** The date (ISO date or time, UTC) the day/week/month/year are of; required for those periods. */
  at?: string;
}

/** An ISO 8601 week of a UTC date: `2026-W48` (the week with the year's first Thursday is week 1). */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  const weekday = (date.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(date.getTime() + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const firstThursday = new Date(Date.UTC(year, 0, 4));
  const firstWeekThursday = firstThursday.getTime() + (3 - ((firstThursday.getUTCDay() + 6) % 7)) * 86_400_000;
  const week = 1 + Math.round((thursday.getTime() - firstWeekThursday) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The sort-key part of the period of `period` that the date `at` falls in. */
export function periodKey(period: Period, at?: string): string {
  if (period === 'total') return 'total';
  if (!at || !/^\d{4}-\d{2}-\d{2}/.test(at)) throw new Error(`A ${period} count needs a date, got ${at}`);
  if (period === 'day') return `d${at.slice(0, 10)}`;
  if (period === 'week') return `w${isoWeekOf(at)}`;
  if (period === 'month') return `m${at.slice(0, 7)}`;
  return `y${at.slice(0, 4)}`;
}

const dimensionOf = (tally: { dimension?: string }) => {
  const dimension = tally.dimension ?? NO_DIMENSION;
  if (dimension.includes('#') || dimension === '') throw new Error(`A dimension holds no # and is not empty: ${dimension}`);
  return dimension;
};

/** A change of one figure (a counter, period, dimension) by `delta`; executeTransaction writes it. */
export class CounterDelta {
  readonly kind = 'counter-delta';
  constructor(
    readonly counter: Counter,
    /** `{period}#{dimension}`: the figure, without its shard. */
    readonly figure: string,
    readonly delta: number,
  ) {}
}

/** The deltas that count (delta 1) or stop counting (−1) one tally, one per period of its counter. */
export const tallyDeltas = (tally: Tally, delta: number): CounterDelta[] =>
  tally.counter.periods.map((period) => new CounterDelta(tally.counter, `${periodKey(period, tally.at)}#${dimensionOf(tally)}`, delta));

/**
 * What a write changes of the counters: a record counted as `before` (nothing: a new record) and as
 * `after` (nothing: a removed one). What both count for cancels out, so a write that changes nothing
 * counted writes no counter.
 */
export function countChanges(before: readonly Tally[], after: readonly Tally[]): CounterDelta[] {
  return mergeDeltas([...before.flatMap((tally) => tallyDeltas(tally, -1)), ...after.flatMap((tally) => tallyDeltas(tally, 1))]);
}

/** Deltas of the same figure summed into one; those that sum to 0 dropped. */
export function mergeDeltas(deltas: readonly CounterDelta[]): CounterDelta[] {
  const merged = new Map<string, CounterDelta>();
  for (const delta of deltas) {
    const key = `${delta.counter.name}|${delta.figure}`;
    const known = merged.get(key);
    merged.set(key, new CounterDelta(delta.counter, delta.figure, (known?.delta ?? 0) + delta.delta));
  }
  return [...merged.values()].filter((delta) => delta.delta !== 0);
}

export const AggregateEntity = new Entity({
  name: 'aggregate',
  table: portalTable,
  schema: item({
    name: string().key(),
    /** `{period}#{dimension}#{shard, 2 digits}`. */
    bucket: string().key(),
    value: number().default(0),
  }),
  computeKey: ({ name, bucket }) => ({ pk: `aggregate#${name}`, sk: bucket }),
  timestamps: false,
});

/** The mark that a subject (a user …) was seen in one period of a counter: written once. */
export const SeenMarkerEntity = new Entity({
  name: 'aggregate-seen',
  table: portalTable,
  schema: item({ name: string().key(), period: string().key(), subject: string().key() }),
  computeKey: ({ name, period, subject }) => ({ pk: `aggregate-seen#${name}#${period}`, sk: subject }),
  timestamps: false,
});

const shardKey = (shard: number) => String(shard).padStart(2, '0');

const deltaWrite = (delta: CounterDelta) =>
  AggregateEntity.build(UpdateTransaction).item({
    name: delta.counter.name,
    bucket: `${delta.figure}#${shardKey(randomInt(delta.counter.shards))}`,
    value: $add(delta.delta),
  });

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
const COUNTER_CONFLICT_TRIES = 5;
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
      await execute(...items, ...built, ...deltas.map(deltaWrite));
      return;
    } catch (error) {
      const tries = readWrites.length ? READ_WRITE_TRIES : COUNTER_CONFLICT_TRIES;
      if (attempt >= tries || !onlyRetriableFailures(error, items.length, items.length + built.length)) throw error;
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * Math.min(attempt, 8))));
    }
  }
}

/** Every stored figure of a counter in a sort-key range, its shards summed: `{period}#{dimension}` → value. */
async function figures(counter: Counter, range: { beginsWith: string } | { between: [string, string] }): Promise<Map<string, number>> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(AggregateEntity)
    .query({ partition: `aggregate#${counter.name}`, range })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  const sums = new Map<string, number>();
  for (const { bucket, value } of Items) {
    const figure = bucket.slice(0, bucket.lastIndexOf('#'));
    sums.set(figure, (sums.get(figure) ?? 0) + value);
  }
  return sums;
}

const dimensionOfFigure = (figure: string) => figure.slice(figure.indexOf('#') + 1);

/** A counter's totals by dimension (the counter must count the total). */
export async function readTotals(counter: Counter): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const [figure, value] of await figures(counter, { beginsWith: 'total#' })) totals.set(dimensionOfFigure(figure), value);
  return totals;
}

/** A counter's total over every dimension. */
export async function readTotal(counter: Counter): Promise<number> {
  let total = 0;
  for (const value of (await readTotals(counter)).values()) total += value;
  return total;
}

export interface PeriodFigure {
  /** The period as written in keys without its kind letter: `2026-11-25`, `2026-W48`, `2026-11`, `2026`. */
  period: string;
  dimension: string;
  value: number;
}

/**
 * A counter's figures of one kind of period from the period `from` falls in to the one `to` falls in
 * (either left out: open), oldest first, shards summed; periods nothing was counted in are absent.
 */
export async function readPeriods(counter: Counter, period: Exclude<Period, 'total'>, { from, to }: { from?: string; to?: string } = {}): Promise<PeriodFigure[]> {
  const letter = periodKey(period, '2000-01-01').charAt(0);
  const low = from ? periodKey(period, from) : letter;
  const high = `${to ? periodKey(period, to) : letter}~`;
  return [...(await figures(counter, { between: [low, high] }))]
    .map(([figure, value]) => ({ period: figure.slice(1, figure.indexOf('#')), dimension: dimensionOfFigure(figure), value }))
    .sort((a, b) => a.period.localeCompare(b.period) || a.dimension.localeCompare(b.dimension));
}

/** The sum by dimension of a counter's figures of one kind of period within a range (readPeriods). */
export async function sumPeriods(counter: Counter, period: Exclude<Period, 'total'>, range: { from?: string; to?: string } = {}): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const { dimension, value } of await readPeriods(counter, period, range)) sums.set(dimension, (sums.get(dimension) ?? 0) + value);
  return sums;
}

/**
 * Counts `subject` (a user id …) once per period of each tally's counter it was seen in at `at` (one
 * tally or several: a desktop start counts the user, their version and their OS at once): a conditional
 * put of its marker per counter, dimension and period, with the counters' ADDs, in one transaction. A
 * marker already there means it was counted: the markers not yet there are written again without those.
 * So a counter of distinct users a day, week, month stays exact however often and however concurrently
 * they are seen.
 */
export async function markSeen(tallies: Tally | readonly Tally[], subject: string | number, at: string): Promise<void> {
  let marks = (Array.isArray(tallies) ? (tallies as readonly Tally[]) : [tallies as Tally]).flatMap((tally) =>
    tally.counter.periods.map((period) => ({ counter: tally.counter, period: periodKey(period, at), dimension: dimensionOf(tally) })),
  );
  for (let attempt = 1; marks.length > 0; attempt++) {
    try {
      await execute(
        ...marks.map(({ counter, period, dimension }) =>
          SeenMarkerEntity.build(PutTransaction)
            .item({ name: counter.name, period, subject: `${dimension}#${subject}` })
            .options({ condition: { attr: 'subject', exists: false } }),
        ),
        ...marks.map(({ counter, period, dimension }) => deltaWrite(new CounterDelta(counter, `${period}#${dimension}`, 1))),
      );
      return;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if (!reasons || attempt >= COUNTER_CONFLICT_TRIES) throw error;
      if (reasons.some((reason) => !['None', 'ConditionalCheckFailed', 'TransactionConflict'].includes(reason?.Code ?? 'None'))) throw error;
      // Keep the marks whose marker was not there yet (a conflict on a counter item: all of them again).
      const before = marks.length;
      marks = marks.filter((_, index) => reasons[index]?.Code !== 'ConditionalCheckFailed');
      if (marks.length === before) await new Promise((resolve) => setTimeout(resolve, randomInt(5, 20 * attempt)));
    }
  }
}

/**
 * Raises a day's figure of a counter to `value` if it is below (a peak: the most seats held at once that
 * day). Not a sum: one item per figure (shard 00), set only upward with a condition, so of two writers
 * the higher value stays whatever their order. Read with readPeriods like any day figure. A peak is
 * not counted from records, so no recount checks it.
 */
export async function raiseDailyPeak(counter: Counter, dimension: string, at: string, value: number): Promise<void> {
  const bucket = `${periodKey('day', at)}#${dimensionOf({ dimension })}#${shardKey(0)}`;
  try {
    await AggregateEntity.build(UpdateItemCommand)
      .item({ name: counter.name, bucket, value })
      .options({ condition: { or: [{ attr: 'value', exists: false }, { attr: 'value', lt: value }] } })
      .send();
  } catch (error) {
    if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Figures of counters computed from records: counter name → `{period}#{dimension}` → value. */
export type Recount = Map<string, Map<string, number>>;

/** Adds what `records` count for to a recount (counters' figures as the records say they should be). */
export function recountInto(recount: Recount, tallies: Iterable<Tally>): void {
  for (const tally of tallies) {
    for (const delta of tallyDeltas(tally, 1)) {
      const figures = recount.get(delta.counter.name) ?? new Map<string, number>();
      figures.set(delta.figure, (figures.get(delta.figure) ?? 0) + 1);
      recount.set(delta.counter.name, figures);
    }
  }
}

export interface CounterDifference {
  counter: string;
  figure: string;
  stored: number;
  recounted: number;
}

/** Where a counter's stored figures differ from a recount of its records (empty: exact). */
export async function compareWithRecount(counter: Counter, recount: Recount): Promise<CounterDifference[]> {
  const stored = await figures(counter, { between: ['\u0000', '\uffff'] });
  const recounted = recount.get(counter.name) ?? new Map<string, number>();
  const differences: CounterDifference[] = [];
  for (const figure of new Set([...stored.keys(), ...recounted.keys()])) {
    const [storedValue, recountedValue] = [stored.get(figure) ?? 0, recounted.get(figure) ?? 0];
    if (storedValue !== recountedValue) differences.push({ counter: counter.name, figure, stored: storedValue, recounted: recountedValue });
  }
  return differences.sort((a, b) => a.figure.localeCompare(b.figure));
}

/**
 * Sets a counter to a recount (the back-fill): each figure that differs gets the difference added to one
 * shard, so writes counted meanwhile are kept. Run it while the counted records are quiet, and compare
 * again after: a record written between the recount's read and this write is counted twice or not at all.
 */
export async function applyRecount(counter: Counter, recount: Recount): Promise<CounterDifference[]> {
  const differences = await compareWithRecount(counter, recount);
  const deltas = differences.map((difference) => new CounterDelta(counter, difference.figure, difference.recounted - difference.stored));
  for (let start = 0; start < deltas.length; start += 50) await executeTransaction(deltas.slice(start, start + 50));
  return differences;
}

/** Adds a count of records written without their counters (a bulk load) to the counters: 50 figures a transaction. */
export async function addCounts(recount: Recount, counters: readonly Counter[]): Promise<void> {
  const deltas = counters.flatMap((counter) => [...(recount.get(counter.name) ?? [])].map(([figure, value]) => new CounterDelta(counter, figure, value)));
  for (let start = 0; start < deltas.length; start += 50) await executeTransaction(deltas.slice(start, start + 50));
}

/** Whether anything was ever counted in a counter (one item read). */
export async function hasFigures(counter: Counter): Promise<boolean> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(AggregateEntity)
    .query({ partition: `aggregate#${counter.name}` })
    .options({ limit: 1, consistent: true })
    .send();
  return Items.length > 0;
}
