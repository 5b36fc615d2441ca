import { describe, expect, it } from 'vitest';
import { COMMIT_WINDOW_MS, MAX_SNAPSHOT_TAIL } from './list-cache';
import type { ListChange } from './list-store';
import { REBUILD_FROM_ROWS_MS, snapshotList, type SnapshotSource } from './snapshot-lists';
import type { ListSnapshot } from './snapshot-store';

const iso = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2026-11-25T10:00:00.000Z');

/** A kind's rows, log and snapshot in memory, counting what the job read. */
function fakeSource() {
  const table = new Map<number, { id: number; data: string; version: string }>();
  const log: (ListChange & { at: string })[] = [];
  const state = { snapshot: null as ListSnapshot | null, tableLoads: 0, writes: 0 };
  const source: SnapshotSource = {
    loadRows: async () => {
      state.tableLoads += 1;
      return [...table.values()];
    },
    readChanges: async (_kind, since, max = Infinity) => {
      const after = log.filter((change) => change.at > since);
      return { changes: after.slice(0, max), more: after.length > max };
    },
    readSnapshot: async () => state.snapshot,
    writeSnapshot: async (_kind, { since, reloadedAt, rows }) => {
      state.writes += 1;
      state.snapshot = { since, reloadedAt, rows: [...rows].map(({ id, version, data }) => [id, version, JSON.parse(data)]) };
      return { rows: state.snapshot.rows.length, bytes: 0 };
    },
  };
  const write = (id: number, name: string | null, at: number) => {
    const version = iso(at);
    const data = name === null ? undefined : JSON.stringify({ id, name });
    if (data === undefined) table.delete(id);
    else table.set(id, { id, data, version });
    log.push({ id, version, at: `${version}#${id}`, ...(data === undefined ? {} : { data }) });
  };
  const names = () => (state.snapshot?.rows ?? []).map(([, , row]) => (row as { name: string }).name).sort();
  return { source, state, write, log, table, names };
}

describe('the list snapshot job', () => {
  it('carries the previous snapshot on with the changes logged since, without reading every row', async () => {
    const { source, state, write, names } = fakeSource();
    for (let id = 1; id <= 4; id++) write(id, `row ${id}`, T0 + id);
    expect(await snapshotList('test', T0 + 60_000, source)).toMatchObject({ from: 'rows', rows: 4 });

    write(2, 'renamed', T0 + 120_000);
    write(3, null, T0 + 121_000);
    write(5, 'new', T0 + 122_000);
    const carried = await snapshotList('test', T0 + 360_000, source);
    expect(carried).toMatchObject({ from: 'snapshot', changes: 3, rows: 4 });
    expect(names()).toEqual(['new', 'renamed', 'row 1', 'row 4']);
    expect(state.tableLoads).toBe(1);
    // A reader catches up from the commit window before this run, and knows its rows were read at the first.
    expect(state.snapshot?.since).toBe(iso(T0 + 360_000 - COMMIT_WINDOW_MS));
    expect(state.snapshot?.reloadedAt).toBe(iso(T0 + 60_000));
  });

  it('keeps a newer version of a row over a change that was logged before it', async () => {
    const { source, write, log, names } = fakeSource();
    write(1, 'first', T0);
    await snapshotList('test', T0 + 60_000, source);
    write(1, 'newest', T0 + 120_000);
    // A write stamped earlier whose transaction committed later: logged after, older version.
    log.push({ id: 1, version: iso(T0 + 119_000), at: `${iso(T0 + 119_000)}#1#late`, data: JSON.stringify({ id: 1, name: 'older' }) });
    await snapshotList('test', T0 + 180_000, source);
    expect(names()).toEqual(['newest']);
  });

  it('leaves an unchanged snapshot alone for an hour, then moves its tail on', async () => {
    const { source, state, write } = fakeSource();
    write(1, 'one', T0);
    await snapshotList('test', T0 + 60_000, source);
    expect(await snapshotList('test', T0 + 360_000, source)).toMatchObject({ from: 'unchanged' });
    expect(state.writes).toBe(1);
    expect(await snapshotList('test', T0 + 60_000 + 3600_000, source)).toMatchObject({ from: 'snapshot', changes: 0 });
    expect(state.writes).toBe(2);
  });

  it('reads every row again once a day, after a bulk load, and when the tail is too long to carry on', async () => {
    const { source, state, write, log, table } = fakeSource();
    write(1, 'one', T0);
    await snapshotList('test', T0 + 60_000, source);
    expect(await snapshotList('test', T0 + 60_000 + REBUILD_FROM_ROWS_MS, source)).toMatchObject({ from: 'rows' });

    // A bulk load writes rows without a change each, then its marker.
    const bulkAt = T0 + REBUILD_FROM_ROWS_MS + 120_000;
    table.set(2, { id: 2, data: JSON.stringify({ id: 2, name: 'bulk' }), version: iso(bulkAt) });
    log.push({ id: 0, version: iso(bulkAt), reload: true, at: `${iso(bulkAt)}#reload` });
    expect(await snapshotList('test', bulkAt + 60_000, source)).toMatchObject({ from: 'rows', rows: 2 });

    for (let i = 0; i <= MAX_SNAPSHOT_TAIL; i++) write(1, `churn ${i}`, bulkAt + 120_000 + i);
    expect(await snapshotList('test', bulkAt + 180_000, source)).toMatchObject({ from: 'rows' });
    expect(state.tableLoads).toBe(4);
  });
});
