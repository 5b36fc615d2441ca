import { randomInt } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { AggregateEntity, CounterDelta, counterDeltaWrite, mergeDeltas, shardKey, type Counter, type CounterDeclaration, type Period } from './counter-deltas';
import { portalTable } from './table';
import { COUNTER_CONFLICT_TRIES, executeTransaction } from './write-transaction';

export { AggregateEntity, CounterDelta, mergeDeltas, type Counter, type CounterDeclaration, type Period } from './counter-deltas';

/**
 * Counters kept in the same transaction as the records they count, so a figure (registered products,
 * licenses by type and state, later users, cases and usage) is read from a few items instead of loading
 * every record, and can never disagree with the records it counts.
 *
 * A counter counts by dimension (a license type, a product id …) and by period: the total, or the day,
 * ISO week, month or year of a date the record carries (when it was created, when it ends …). A record
 * write says what the record counted for before and after (`Tally`); the difference becomes `ADD`
 * updates in the write's own transaction (write-transaction.ts merges them per item).
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

/** The mark that a subject (a user …) was seen in one period of a counter: written once. */
export const SeenMarkerEntity = new Entity({
  name: 'aggregate-seen',
  table: portalTable,
  schema: item({ name: string().key(), period: string().key(), subject: string().key() }),
  computeKey: ({ name, period, subject }) => ({ pk: `aggregate-seen#${name}#${period}`, sk: subject }),
  timestamps: false,
});

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

/** Counts an event that leaves no record (a refused seat): its tally's figures, each by one, in a transaction of their own. */
export async function countEvent(tally: Tally): Promise<void> {
  await executeTransaction(tallyDeltas(tally, 1));
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
        ...marks.map(({ counter, period, dimension }) => counterDeltaWrite(new CounterDelta(counter, `${period}#${dimension}`, 1))),
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
