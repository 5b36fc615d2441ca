import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { describe, expect, it } from 'vitest';
import { ListCache } from '../../functions/lib/lists/list-cache';
import { column, pageOf } from '../../functions/lib/lists/list-page';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { ListRowEntity, listRowWrites, requestListReload } from '../../functions/lib/lists/list-store';
import { asUnit } from '../support/api';

interface Row extends Record<string, string | number> {
  id: number;
  name: string;
}

/** A kind of its own per test run, so nothing else's rows are in it. */
const kind = `test-${Date.now().toString(36)}`;
const write = (id: number, row: Row | null, at = new Date()) => asUnit({ endpoint: 'lic' }, () => execute(...listRowWrites(kind, id, row, at)));
const cacheOf = () => new ListCache<Row>(kind, (data) => JSON.parse(data) as Row);
const current = async (cache: ListCache<Row>) => [...(await asUnit({ endpoint: 'lic' }, () => cache.current())).values()];

describe('the admin list mechanism', () => {
  it('loads every row of a kind across its shards, and follows each change at once, in this copy and a new one', async () => {
    for (let id = 1; id <= 40; id++) await write(id, { id, name: `row ${id}` });
    const cache = cacheOf();
    expect((await current(cache)).length).toBe(40);

    await write(3, { id: 3, name: 'renamed' });
    await write(4, null);
    await write(41, { id: 41, name: 'new' });
    const rows = await current(cache);
    expect(rows.length).toBe(40);
    expect(rows.find((row) => row.id === 3)?.name).toBe('renamed');
    expect(rows.some((row) => row.id === 4)).toBe(false);

    // A function started now loads the same list from the rows alone.
    const fresh = await current(cacheOf());
    expect(fresh.map((row) => row.id).sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(pageOf(fresh, { sortBy: column<Row>('name'), descending: false, page: 1, limit: 3, tieBreaker: column<Row>('id') })).toMatchObject({
      count: 40,
      rows: [{ name: 'new' }, { name: 'renamed' }, { name: 'row 1' }],
    });
  });

  it('never takes a row back to an older version when an older change is read late', async () => {
    const cache = cacheOf();
    await write(100, { id: 100, name: 'newer' }, new Date());
    await current(cache);
    await write(100, { id: 100, name: 'older' }, new Date(Date.now() - 5_000));
    expect((await current(cache)).find((row) => row.id === 100)?.name).toBe('newer');
  });

  it('loads afresh after a bulk load that wrote rows without changes, once it asks every copy to', async () => {
    const cache = cacheOf();
    const before = (await current(cache)).length;
    const bulk = (id: number) =>
      asUnit({ endpoint: 'lic' }, () =>
        ListRowEntity.build(PutItemCommand).item({ kind, id, data: JSON.stringify({ id, name: `bulk ${id}` }), version: new Date().toISOString() }).send(),
      );
    await Promise.all([201, 202, 203].map(bulk));
    expect((await current(cache)).length).toBe(before);
    await asUnit({ endpoint: 'lic' }, () => requestListReload(kind));
    expect((await current(cache)).length).toBe(before + 3);
  });
});
