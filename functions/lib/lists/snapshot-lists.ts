import { logger } from '../logger';
import { COMMIT_WINDOW_MS, MAX_SNAPSHOT_TAIL, snapshotUsable, tableSource, type ListSource } from './list-cache';
import { writeListSnapshot } from './snapshot-store';

/**
 * A snapshot is rebuilt from every row once this old (its `reloadedAt`), and from the previous snapshot
 * plus the changes logged since in between: each run of the job is then a read of one object and a few
 * minutes of the log, not of every row, so it can run every few minutes and keep every copy's catch-up short.
 */
export const REBUILD_FROM_ROWS_MS = 24 * 3600_000;
/** A snapshot with no change since is left as it is until this old: its tail stays empty meanwhile. */
const REWRITE_UNCHANGED_AFTER_MS = 3600_000;

/** Where the job reads a kind's rows, log and snapshot, and where it writes the new snapshot. */
export interface SnapshotSource extends Pick<ListSource, 'loadRows' | 'readChanges' | 'readSnapshot'> {
  writeSnapshot: typeof writeListSnapshot;
}

const tableSnapshotSource: SnapshotSource = { ...tableSource, writeSnapshot: writeListSnapshot };

const iso = (ms: number) => new Date(ms).toISOString();

type SnapshotRow = { id: number; version: string; data: string };

/**
 * The previous snapshot with the changes logged since applied, or null when it cannot stand for the rows
 * (none, a day old, its tail past the log's horizon or too long, or a bulk load after it).
 */
async function rowsFromPrevious(kind: string, now: number, source: SnapshotSource) {
  const previous = await source.readSnapshot(kind);
  if (!previous || now - Date.parse(previous.reloadedAt) >= REBUILD_FROM_ROWS_MS || !snapshotUsable(previous, { now })) return null;
  const tail = await source.readChanges(kind, previous.since, MAX_SNAPSHOT_TAIL);
  if (tail.more || tail.changes.some((change) => change.reload && change.version > previous.reloadedAt)) return null;
  const rows = new Map<number, SnapshotRow>(previous.rows.map(([id, version, row]) => [id, { id, version, data: JSON.stringify(row) }]));
  for (const change of tail.changes) {
    if (change.reload) continue;
    // A change that committed late may come after a newer one of the same row: the newer one stays.
    const known = rows.get(change.id)?.version;
    if (known !== undefined && known > change.version) continue;
    if (change.data === undefined) rows.delete(change.id);
    else rows.set(change.id, { id: change.id, version: change.version, data: change.data });
  }
  return { previous, rows: rows.values(), changes: tail.changes.length };
}

/**
 * Rewrites a kind's snapshot. Everything read here is read after `now`, so every change stamped before
 * the commit window (`since`) is in the rows; a reader catches up from `since` through the change log.
 * From every row (`reloadedAt` = now: every bulk load logged before it is in them) once a day or when the
 * previous snapshot cannot be carried on; else from the previous one and its tail (`reloadedAt` kept).
 */
export async function snapshotList(kind: string, now = Date.now(), source: SnapshotSource = tableSnapshotSource) {
  const carried = await rowsFromPrevious(kind, now, source);
  if (carried) {
    const { previous, rows, changes } = carried;
    if (changes === 0 && now - Date.parse(previous.since) < REWRITE_UNCHANGED_AFTER_MS) return { kind, from: 'unchanged' as const, changes };
    const since = iso(now - COMMIT_WINDOW_MS);
    const written = await source.writeSnapshot(kind, { since: since > previous.since ? since : previous.since, reloadedAt: previous.reloadedAt, rows });
    return { kind, from: 'snapshot' as const, changes, ...written };
  }
  return rebuildListSnapshot(kind, now, source);
}

/** Rewrites a kind's snapshot from every row: after a bulk load, which wrote rows without a change each. */
export async function rebuildListSnapshot(kind: string, now = Date.now(), source: Pick<SnapshotSource, 'loadRows' | 'writeSnapshot'> = tableSnapshotSource) {
  const rows = await source.loadRows(kind);
  const written = await source.writeSnapshot(kind, { since: iso(now - COMMIT_WINDOW_MS), reloadedAt: iso(now), rows });
  return { kind, from: 'rows' as const, ...written };
}

/** Every declared list's snapshot, one kind after another (each holds a kind's rows in memory while written). */
export async function snapshotLists(kinds: readonly string[]) {
  const written = [];
  for (const kind of kinds) {
    const started = performance.now();
    const snapshot = await snapshotList(kind);
    logger.info('List snapshot written', { ...snapshot, ms: Math.round(performance.now() - started) });
    written.push(snapshot);
  }
  return written;
}
