import { adminListKinds } from '../../../shared/lists/admin-lists';
import { logger } from '../logger';
import { COMMIT_WINDOW_MS } from './list-cache';
import { loadListRows } from './list-store';
import { writeListSnapshot } from './snapshot-store';

/**
 * Rewrites a kind's snapshot from its rows as the table holds them now. The rows are read after `now`,
 * so every change stamped before the commit window (`since`) is in them, and every bulk load whose marker
 * was logged before `now` (`reloadedAt`); a reader catches up from `since` through the change log.
 */
export async function snapshotList(kind: string, now = Date.now()) {
  const rows = await loadListRows(kind);
  const written = await writeListSnapshot(kind, { since: new Date(now - COMMIT_WINDOW_MS).toISOString(), reloadedAt: new Date(now).toISOString(), rows });
  return { kind, ...written };
}

/** Every declared list's snapshot, one kind after another (each holds a kind's rows in memory while written). */
export async function snapshotLists(kinds: readonly string[] = adminListKinds) {
  const written = [];
  for (const kind of kinds) {
    const started = performance.now();
    const snapshot = await snapshotList(kind);
    logger.info('List snapshot written', { ...snapshot, ms: Math.round(performance.now() - started) });
    written.push(snapshot);
  }
  return written;
}
