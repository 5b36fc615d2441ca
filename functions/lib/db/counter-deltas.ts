import { randomInt } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { portalTable } from './table';

/**
 * The items counters are stored in and the changes a write makes to them (aggregates.ts declares and
 * reads counters; write-transaction.ts merges these changes into a write's transaction).
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

export const shardKey = (shard: number) => String(shard).padStart(2, '0');

/** The ADD that writes a delta, on a random shard of its figure. */
export const counterDeltaWrite = (delta: CounterDelta) =>
  AggregateEntity.build(UpdateTransaction).item({
    name: delta.counter.name,
    bucket: `${delta.figure}#${shardKey(randomInt(delta.counter.shards))}`,
    value: $add(delta.delta),
  });

