import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { declareListColumns, listParams } from '../../../shared/lists/declare';
import { declareList } from './declare-list';

interface Row {
  id: number;
  name: string;
  owner_id: number;
  created: string;
}
type Owners = ReadonlyMap<number, { email: string }>;

const columns = declareListColumns({ kind: 'things', orderBy: ['id', 'name', 'created', 'owner'], defaultOrder: { orderBy: 'created', descending: true }, pageSize: 2 });
const things = declareList({
  columns,
  row: (record: { id: number; name: string; owner_id: number; created: string; secret: string }): Row => ({
    id: record.id,
    name: record.name,
    owner_id: record.owner_id,
    created: record.created,
  }),
  joins: { owners: { current: async (): Promise<Owners> => new Map() } },
  search: { numbers: (row) => [row.id, row.owner_id], texts: (row, { owners }) => [row.name, owners.get(row.owner_id)?.email] },
  sort: { owner: (row, { owners }) => owners.get(row.owner_id)?.email },
  result: (row, { owners }) => ({ id: row.id, owner: owners.get(row.owner_id)?.email ?? '' }),
});

const rows: Row[] = [
  { id: 1, name: 'Alpha', owner_id: 10, created: '2026-01-01' },
  { id: 2, name: 'beta', owner_id: 11, created: '2026-03-01' },
  { id: 3, name: 'Gamma', owner_id: 10, created: '2026-02-01' },
  { id: 4, name: 'delta', owner_id: 12, created: '2026-04-01' },
];
const owners: Owners = new Map([
  [10, { email: 'zoe@example.com' }],
  [11, { email: 'adam@example.com' }],
]);
const ids = (params: Parameters<typeof things.pageFrom>[2]) => things.pageFrom(rows, { owners }, params).rows.map((row) => row.id);

describe('a declared admin list', () => {
  it('keeps in its row only what the declaration lists', () => {
    expect(things.spec.row({ id: 1, name: 'x', owner_id: 2, created: 'c', secret: 's' })).toEqual({ id: 1, name: 'x', owner_id: 2, created: 'c' });
  });

  it('pages in the default order, the declared page size, without params', () => {
    expect(things.pageFrom(rows, { owners }, {})).toEqual({ rows: [{ id: 4, owner: '' }, { id: 2, owner: 'adam@example.com' }], count: 4 });
    expect(ids({ page: 2 })).toEqual([3, 1]);
  });

  it('sorts ascending by a column asked without a direction, by its own field or its declared value', () => {
    expect(ids({ order_by: 'name', limit: 4 })).toEqual([1, 2, 4, 3]);
    expect(ids({ order_by: 'name', descending: true, limit: 4 })).toEqual([3, 4, 2, 1]);
    // The joined email: empty cells last.
    expect(ids({ order_by: 'owner', limit: 4 })).toEqual([2, 1, 3, 4]);
  });

  it('searches the declared numbers and texts, joined ones too, without regard to case', () => {
    expect(ids({ search: '10', limit: 4 })).toEqual([3, 1]);
    expect(ids({ search: 'ALPHA', limit: 4 })).toEqual([1]);
    expect(ids({ search: 'adam@', limit: 4 })).toEqual([2]);
    expect(ids({ search: '  ', limit: 4 })).toEqual([4, 2, 3, 1]);
    expect(things.pageFrom(rows, { owners }, { search: 'nobody' })).toEqual({ rows: [], count: 0 });
  });

  it('refuses a CSV export it does not declare', async () => {
    await expect(things.csv({})).rejects.toThrow('declares no CSV export');
  });

  it("gives its cmd's params: the declared columns and nothing else for order_by", () => {
    const params = z.object(listParams(columns));
    expect(params.safeParse({ order_by: 'owner', page: 2, limit: 20, search: 'x' }).success).toBe(true);
    expect(params.safeParse({ order_by: 'secret' }).success).toBe(false);
  });
});

describe('the shared part of the list declarations', () => {
  it('imports no server code, so the web app can import it', () => {
    const folder = join(import.meta.dirname, '../../../shared/lists');
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      const imports = [...readFileSync(join(folder, file), 'utf8').matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      expect(imports.filter((path) => path.includes('functions/') || path.includes('node:') || path.startsWith('@aws-sdk')), file).toEqual([]);
    }
  });
});
