import { describe, expect, it } from 'vitest';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { AggregateEntity, CounterDelta, countChanges, declareCounter, isoWeekOf, mergeDeltas, periodKey, recountInto, tallyDeltas, type Recount } from './aggregates';
import { mergeReadWrites, ReadWriteChange, transactionSize, type ReadWriteKind } from './write-transaction';

const byPeriod = declareCounter({ name: 'test-events', periods: ['total', 'day', 'week', 'month', 'year'] });
const total = declareCounter({ name: 'test-total', periods: ['total'], shards: 4 });

describe('periods', () => {
  it('name the UTC day, ISO week, month and year a date falls in', () => {
    expect(['total', 'day', 'week', 'month', 'year'].map((period) => periodKey(period as never, '2026-11-25T23:59:59.999Z'))).toEqual([
      'total',
      'd2026-11-25',
      'w2026-W48',
      'm2026-11',
      'y2026',
    ]);
  });

  it('give ISO weeks across year ends as ISO 8601 does (the week of the first Thursday is week 1)', () => {
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01'); // a Thursday
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53'); // a Friday: the last week of 2026
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01'); // a Monday: the first week of 2025
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2026-06-15')).toBe('2026-W25');
  });

  it('refuse a dated period without a date', () => {
    expect(() => periodKey('day')).toThrow(/needs a date/);
  });
});

describe('counter declarations', () => {
  it('take a name of letters, digits and - and at least one period', () => {
    expect(() => declareCounter({ name: 'Bad name', periods: ['total'] })).toThrow();
    expect(() => declareCounter({ name: 'none', periods: [] })).toThrow();
    expect(declareCounter({ name: 'ok', periods: ['total'] }).shards).toBe(1);
  });
});

describe('what a write changes of the counters', () => {
  it('counts a record once in each period of its counter', () => {
    const deltas = tallyDeltas({ counter: byPeriod, dimension: 'Pro', at: '2026-11-25' }, 1);
    expect(deltas.map((delta) => [delta.figure, delta.delta])).toEqual([
      ['total#Pro', 1],
      ['d2026-11-25#Pro', 1],
      ['w2026-W48#Pro', 1],
      ['m2026-11#Pro', 1],
      ['y2026#Pro', 1],
    ]);
  });

  it('writes nothing for a change that counts the same before and after, and only the difference otherwise', () => {
    const pro = { counter: total, dimension: 'Pro' };
    expect(countChanges([pro], [pro])).toEqual([]);
    expect(countChanges([pro], [{ counter: total, dimension: 'All' }]).map((d) => [d.figure, d.delta])).toEqual([
      ['total#Pro', -1],
      ['total#All', 1],
    ]);
    expect(countChanges([], [pro]).map((d) => d.delta)).toEqual([1]);
    expect(countChanges([pro], []).map((d) => d.delta)).toEqual([-1]);
  });

  it('refuses a dimension that would break the key', () => {
    expect(() => tallyDeltas({ counter: total, dimension: 'a#b' }, 1)).toThrow();
  });

  it('merges the changes of one figure in a transaction into one item (DynamoDB takes an item once a transaction)', () => {
    const merged = mergeDeltas([new CounterDelta(total, 'total#Pro', 1), new CounterDelta(total, 'total#Pro', 1), new CounterDelta(total, 'total#All', 1), new CounterDelta(total, 'total#All', -1)]);
    expect(merged.map((d) => [d.figure, d.delta])).toEqual([['total#Pro', 2]]);
  });

  it('measures a transaction as written: other items, and one item per figure its counter changes come to', () => {
    const other = AggregateEntity.build(PutTransaction).item({ name: 'x', bucket: 'y', value: 1 });
    const tenNewPro = Array.from({ length: 10 }, () => new CounterDelta(total, 'total#Pro', 1));
    expect(transactionSize([other, other, ...tenNewPro])).toBe(3);
  });

  it("merges the read-write changes of one record (a user's holdings) into one, measured as its kind's items", () => {
    const counts: ReadWriteKind<Record<string, number>> = {
      name: 'test-counts',
      items: 3,
      merge: (a, b) => Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)])),
      build: () => Promise.resolve([]),
    };
    const merged = mergeReadWrites([new ReadWriteChange(counts, '7', { Pro: 1 }), new ReadWriteChange(counts, '7', { Pro: -1, All: 1 }), new ReadWriteChange(counts, '8', { Pro: 1 })]);
    expect(merged.map((change) => [change.key, change.change])).toEqual([['7', { Pro: 0, All: 1 }], ['8', { Pro: 1 }]]);
    expect(transactionSize([new ReadWriteChange(counts, '7', { Pro: 1 }), new ReadWriteChange(counts, '7', { All: 1 }), new CounterDelta(total, 'total#Pro', 1)])).toBe(4);
  });
});

describe('recounts', () => {
  it('sum what every record counts for, by figure', () => {
    const recount: Recount = new Map();
    recountInto(recount, [
      { counter: byPeriod, dimension: 'Pro', at: '2026-11-25' },
      { counter: byPeriod, dimension: 'Pro', at: '2026-11-26' },
      { counter: total, dimension: 'All' },
    ]);
    expect(recount.get('test-events')?.get('total#Pro')).toBe(2);
    expect(recount.get('test-events')?.get('w2026-W48#Pro')).toBe(2);
    expect(recount.get('test-events')?.get('d2026-11-26#Pro')).toBe(1);
    expect(recount.get('test-total')?.get('total#All')).toBe(1);
  });
});
