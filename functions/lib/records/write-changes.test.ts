import { describe, expect, it } from 'vitest';
import { Entity } from 'dynamodb-toolbox/entity';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { withCall } from '../call-context';
import { declareCounter } from '../db/aggregates';
import { CounterDelta } from '../db/counter-deltas';
import { Table } from 'dynamodb-toolbox/table';
import type { TransactionWrite } from '../db/write-transaction';
import { declareRecordKind, type AuditEntry } from './record-kind';
import { buildWrites, changeItems, UnauditedWriteError, writeChanges } from './write-changes';

/** A table of its own name: building items reads the name only. */
const table = new Table({ name: 'test-table', partitionKey: { name: 'pk', type: 'string' }, sortKey: { name: 'sk', type: 'string' } });

const ThingEntity = new Entity({
  name: 'test-thing',
  table,
  schema: item({ id: number().key(), owner: number(), state: string(), note: string().optional(), version: number() }),
  computeKey: ({ id }) => ({ pk: `thing#${id}`, sk: 'thing' }),
  timestamps: false,
});
type Thing = { id: number; owner: number; state: string; note?: string; version: number };

const byState = declareCounter({ name: 'test-things', periods: ['total'] });
const listed: { id: number; record: Thing | null }[] = [];
const entries: AuditEntry[] = [];
/** Marks standing for the list's and the trail's items: the write path must take exactly these. */
const listItem = { list: true } as unknown as TransactionWrite;
const entryItem = { entry: true } as unknown as TransactionWrite;

const thingKind = (write: 'put' | 'update' = 'put') =>
  declareRecordKind<typeof ThingEntity, Thing, object>({
    name: 'thing',
    entity: ThingEntity,
    key: ({ id }) => ({ id }),
    keys: {},
    write,
    list: {
      writes: (id, record) => {
        listed.push({ id, record });
        return [listItem];
      },
    },
    tallies: (thing) => [{ counter: byState, dimension: thing.state }],
    audit: {
      trail: {
        entryWrites: async (entry) => {
          entries.push(entry);
          return [entryItem];
        },
      },
      target: ({ id }) => `thing#${id}`,
      users: ({ owner }) => [owner],
      ignore: ['version'],
    },
  });

const paramsOf = (write: TransactionWrite) => (write as unknown as { params(): Record<string, { Item?: object; UpdateExpression?: string; Key?: object }> }).params();

describe('the record write path', () => {
  it('builds a listed, counted and audited change into exactly its write, its list row, its counter changes and its audit entry', async () => {
    listed.length = 0;
    entries.length = 0;
    const before: Thing = { id: 7, owner: 3, state: 'open', version: 1 };
    const after: Thing = { ...before, state: 'closed', version: 2 };
    const writes = await withCall({ endpoint: 'test', request_id: 'r1', actor_user_id: 42 }, () =>
      buildWrites([thingKind().change({ before, after, condition: { attr: 'version', eq: 1 }, audit: {} })]),
    );

    expect(writes).toHaveLength(5);
    const [own, list, ...rest] = writes;
    expect(paramsOf(own!).Put?.Item).toMatchObject({ id: 7, state: 'closed', version: 2 });
    expect(list).toBe(listItem);
    expect(listed).toEqual([{ id: 7, record: after }]);
    const deltas = rest.filter((write) => write instanceof CounterDelta);
    expect(deltas.map((delta) => [delta.figure, delta.delta]).sort()).toEqual([
      ['total#closed', 1],
      ['total#open', -1],
    ]);
    expect(rest.filter((write) => write === entryItem)).toHaveLength(1);
    // The actor comes from the call; the entry records what changed, not the ignored fields.
    expect(entries).toEqual([{ by_user_id: 42, target: 'thing#7', users: [3], before: { state: 'open' }, after: { state: 'closed' } }]);
  });

  it('writes no entry for an unaudited change, and no counter change when what it counts for stays', () => {
    entries.length = 0;
    const before: Thing = { id: 8, owner: 3, state: 'open', version: 1 };
    const writes = changeItems([thingKind().change({ before, after: { ...before, note: 'x', version: 2 } })]);
    expect(writes).toHaveLength(2);
    expect(entries).toEqual([]);
  });

  it('removes a record with its list row and counts it off', () => {
    listed.length = 0;
    const before: Thing = { id: 9, owner: 3, state: 'open', version: 1 };
    const [own, list, delta] = changeItems([thingKind().change({ before, after: null })]);
    expect(paramsOf(own!).Delete?.Key).toEqual({ pk: 'thing#9', sk: 'thing' });
    expect(list).toBe(listItem);
    expect(listed).toEqual([{ id: 9, record: null }]);
    expect(delta).toMatchObject({ figure: 'total#open', delta: -1 });
  });

  it('writes an update kind as the fields that changed, a field gone removed', () => {
    const before: Thing = { id: 10, owner: 3, state: 'open', note: 'old', version: 1 };
    const { note: _note, ...after } = { ...before, owner: 4, version: 2 };
    const [own] = changeItems([thingKind('update').change({ before, after })]);
    const update = paramsOf(own!).Update!.UpdateExpression!;
    expect(update).toMatch(/SET/);
    expect(update).toMatch(/REMOVE/);
    expect(JSON.stringify(paramsOf(own!))).not.toMatch(/"open"/);
  });

  it('refuses an audited change without an actor, and an audited change where no entry number can be taken', async () => {
    const before: Thing = { id: 11, owner: 3, state: 'open', version: 1 };
    const change = thingKind().change({ before, after: { ...before, state: 'closed' }, audit: {} });
    await expect(buildWrites([change])).rejects.toThrow(/no actor/);
    expect(() => changeItems([change])).toThrow(/buildWrites/);
  });

  it("refuses an audited call's first write when it carries no audit entry, before anything is sent; a call that writes nothing passes", async () => {
    const call = { endpoint: 'test', request_id: 'r-1', cmd: 'close_thing', actor_user_id: 9, audited: true };
    const thing: Thing = { id: 12, owner: 3, state: 'open', version: 1 };
    // The table has no client: a write that got past the check would fail otherwise, not with this error.
    await expect(withCall(call, () => writeChanges([thingKind().change({ before: null, after: thing })]))).rejects.toThrow(UnauditedWriteError);
    await expect(withCall(call, () => writeChanges([]))).resolves.toBeUndefined();
  });
});
