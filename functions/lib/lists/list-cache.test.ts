import { describe, expect, it } from 'vitest';
import { COMMIT_WINDOW_MS, ListCache, LOG_HORIZON_MS, MAX_CATCH_UP_CHANGES, MAX_SNAPSHOT_TAIL, snapshotUsable, type ListSource } from './list-cache';
import type { ListChange } from './list-store';
import type { ListSnapshot } from './snapshot-store';

interface Row {
  id: number;
  name: string;
}

const iso = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2026-11-25T10:00:00.000Z');

/**
 * A table and a snapshot bucket in memory: rows as the table holds them, the log, the snapshot; it
 * counts what each load read, which is what the cache's decisions are about.
 */
function fakeSource() {
  const table = new Map<number, { id: number; data: string; version: string }>();
  const log: (ListChange & { at: string })[] = [];
  const state = { snapshot: null as ListSnapshot | null, changesRead: 0, tableLoads: 0, snapshotReads: 0 };
  const source: ListSource = {
    loadRows: async () => {
      state.tableLoads += 1;
      return [...table.values()];
    },
    readChanges: async (_kind, since, max = Infinity) => {
      const after = log.filter((change) => change.at > since);
      const changes = after.slice(0, max);
      state.changesRead += changes.length;
      return { changes, more: after.length > max };
    },
    readSnapshot: async () => {
      state.snapshotReads += 1;
      return state.snapshot;
    },
    snapshotSince: async () => state.snapshot?.since ?? null,
  };
  const write = (id: number, name: string | null, at: number) => {
    const version = iso(at);
    const data = name === null ? undefined : JSON.stringify({ id, name });
    if (data === undefined) table.delete(id);
    else table.set(id, { id, data, version });
    log.push({ id, version, at: `${version}#${id}`, ...(data === undefined ? {} : { data }) });
  };
  /** A bulk load: a row without a change of its own, then a reload marker. */
  const bulk = (id: number, name: string, at: number) => {
    const version = iso(at);
    table.set(id, { id, data: JSON.stringify({ id, name }), version });
    log.push({ id: 0, version, reload: true, at: `${version}#reload` });
  };
  /** The snapshot job: every row as the table holds it now. */
  const takeSnapshot = (now: number) => {
    state.snapshot = {
      since: iso(now - COMMIT_WINDOW_MS),
      reloadedAt: iso(now),
      rows: [...table.values()].map(({ id, version, data }) => [id, version, JSON.parse(data)]),
    };
  };
  return { source, state, write, bulk, takeSnapshot };
}

const names = async (cache: ListCache<Row>, now: number) => [...(await cache.current(now)).values()].map((row) => row.name).sort();

describe('a list copy', () => {
  it('starts from a recent snapshot and the changes logged since, not from every row', async () => {
    const { source, state, write, takeSnapshot } = fakeSource();
    for (let id = 1; id <= 5; id++) write(id, `row ${id}`, T0 + id);
    takeSnapshot(T0 + 60_000);
    write(2, 'renamed', T0 + 120_000);
    write(6, 'new', T0 + 121_000);
    write(3, null, T0 + 122_000);

    const cache = new ListCache<Row>('test', undefined, source);
    expect(await names(cache, T0 + 180_000)).toEqual(['new', 'renamed', 'row 1', 'row 4', 'row 5']);
    expect(cache.lastLoad).toBe('snapshot');
    expect(state.tableLoads).toBe(0);
  });

  it('loads every row when there is no snapshot, or one older than the change log keeps', async () => {
    const { source, state, write, takeSnapshot } = fakeSource();
    write(1, 'one', T0);
    const none = new ListCache<Row>('test', undefined, source);
    expect(await names(none, T0 + 1_000)).toEqual(['one']);
    expect(none.lastLoad).toBe('table');

    takeSnapshot(T0 + 60_000);
    const later = T0 + 60_000 + LOG_HORIZON_MS + 1;
    const old = new ListCache<Row>('test', undefined, source);
    expect(await names(old, later)).toEqual(['one']);
    expect(old.lastLoad).toBe('table');
    expect(state.tableLoads).toBe(2);
  });

  it('passes over a snapshot taken before a bulk load whose marker is in the log', async () => {
    const { source, write, bulk, takeSnapshot } = fakeSource();
    write(1, 'one', T0);
    takeSnapshot(T0 + 1_000);
    bulk(2, 'bulk', T0 + 2_000);
    const cache = new ListCache<Row>('test', undefined, source);
    expect(await names(cache, T0 + 30_000)).toEqual(['bulk', 'one']);
    expect(cache.lastLoad).toBe('table');
  });

  it(`reads up to ${MAX_CATCH_UP_CHANGES} changes one by one, and reloads instead when more are waiting`, async () => {
    const { source, state, write, takeSnapshot } = fakeSource();
    for (let id = 1; id <= 100; id++) write(id, `row ${id}`, T0);
    const cache = new ListCache<Row>('test', undefined, source);
    await cache.current(T0 + 60_000);
    expect(state.tableLoads).toBe(1);

    // A few thousand changes: read one by one, no reload.
    for (let i = 0; i < MAX_CATCH_UP_CHANGES; i++) write(1 + (i % 100), `a${i}`, T0 + 100_000 + i);
    state.changesRead = 0;
    const afterSome = await cache.current(T0 + 200_000);
    expect(afterSome.get(100)?.name).toBe(`a${MAX_CATCH_UP_CHANGES - 1}`);
    expect(state.tableLoads).toBe(1);
    expect(state.changesRead).toBe(MAX_CATCH_UP_CHANGES);

    // More than that, and a snapshot taken after them: the copy reloads from it and reads only its tail.
    for (let i = 0; i < MAX_CATCH_UP_CHANGES + 1; i++) write(1 + (i % 100), `b${i}`, T0 + 300_000 + i);
    takeSnapshot(T0 + 400_000);
    write(7, 'after the snapshot', T0 + 420_000);
    state.changesRead = 0;
    const afterMany = await cache.current(T0 + 430_000);
    expect(afterMany.get(7)?.name).toBe('after the snapshot');
    expect(afterMany.get(1)?.name).toBe(`b${MAX_CATCH_UP_CHANGES}`);
    expect(cache.lastLoad).toBe('snapshot');
    expect(state.changesRead).toBeLessThan(MAX_CATCH_UP_CHANGES + 10);

    // More again, with no newer snapshot: the copy reads on through the log (each change once, the older
    // snapshot not downloaded), as far as a snapshot's tail may go.
    for (let i = 0; i < MAX_CATCH_UP_CHANGES + 1; i++) write(1 + (i % 100), `c${i}`, T0 + 500_000 + i);
    state.changesRead = 0;
    const snapshotReads = state.snapshotReads;
    const afterMore = await cache.current(T0 + 600_000);
    expect(afterMore.get(1)?.name).toBe(`c${MAX_CATCH_UP_CHANGES}`);
    expect(state.tableLoads).toBe(1);
    expect(state.snapshotReads).toBe(snapshotReads);
    expect(state.changesRead).toBeLessThan(MAX_CATCH_UP_CHANGES + 10);

    // Beyond that, every row is fewer reads than the changes.
    for (let i = 0; i < MAX_SNAPSHOT_TAIL + 1; i++) write(1 + (i % 100), `d${i}`, T0 + 700_000 + i);
    const afterMost = await cache.current(T0 + 800_000);
    expect(afterMost.get(1)?.name).toBe(`d${MAX_SNAPSHOT_TAIL}`);
    expect(cache.lastLoad).toBe('table');
    expect(state.tableLoads).toBe(2);
  });

  it('never takes a row back to an older version from the snapshot tail', async () => {
    const { source, write, takeSnapshot } = fakeSource();
    write(1, 'newer', T0 + 5_000);
    takeSnapshot(T0 + 20_000);
    // Logged late with an older stamp, within the snapshot's window.
    write(1, 'older', T0 + 4_000);
    const cache = new ListCache<Row>('test', undefined, source);
    expect(await names(cache, T0 + 30_000)).toEqual(['newer']);
  });
});

describe('whether a snapshot can stand for the rows', () => {
  const snapshot = { since: iso(T0), reloadedAt: iso(T0 + COMMIT_WINDOW_MS) };
  it('needs its tail still in the log, every bulk load seen, and to be newer than rows it would replace', () => {
    expect(snapshotUsable(snapshot, { now: T0 + 3600_000 })).toBe(true);
    expect(snapshotUsable(snapshot, { now: T0 + LOG_HORIZON_MS + 1 })).toBe(false);
    expect(snapshotUsable(snapshot, { now: T0 + 60_000, reloadMarker: iso(T0 + 20_000) })).toBe(false);
    expect(snapshotUsable(snapshot, { now: T0 + 60_000, reloadMarker: iso(T0 + 5_000) })).toBe(true);
    expect(snapshotUsable(snapshot, { now: T0 + 60_000, newerThan: iso(T0 + 1) })).toBe(false);
    expect(snapshotUsable(snapshot, { now: T0 + 60_000, newerThan: iso(T0 - 1) })).toBe(true);
  });
});
