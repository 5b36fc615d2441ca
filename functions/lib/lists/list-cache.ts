import { CHANGE_LOG_SECONDS, loadListRows, readListChanges, type ListChange } from './list-store';
import { listSnapshotSince, readListSnapshot, type ListSnapshot } from './snapshot-store';

/**
 * A write's log entry is stamped before its transaction commits, and commits within this time: each
 * catch-up reads the log again from this far back, so a change that committed late is never missed.
 */
export const COMMIT_WINDOW_MS = 10_000;
/** A copy older than this loads afresh (from the snapshot when there is a recent one). */
const RELOAD_AFTER_MS = (CHANGE_LOG_SECONDS * 1000) / 2;
/**
 * How far back a copy or a snapshot may catch up through the log: the log keeps a change a day, and an
 * hour's margin keeps a catch-up clear of changes about to expire.
 */
export const LOG_HORIZON_MS = CHANGE_LOG_SECONDS * 1000 - 3600_000;
/**
 * A catch-up that would read more changes than this reloads instead from a newer snapshot, then reads
 * only its tail, at most the five minutes since the snapshot job's last run: the call after a burst
 * costs at most these reads (~0.1 s) and a reload (~0.6 s at 100,000 rows), about a cold start. Reading
 * on would be cheaper for a burst of up to ~20,000, but how many are waiting is known only by reading
 * them. The log holds one change per record and ten seconds (list-store.ts), so only a burst of this many
 * different records (a bulk edit, an import) gets here; a seat churn is a handful of records however
 * many writes.
 */
export const MAX_CATCH_UP_CHANGES = 3_000;
/** A snapshot (or a copy) whose log tail is longer than this loads every row instead: fewer reads. */
export const MAX_SNAPSHOT_TAIL = 30_000;

/** Where a copy's rows come from: the table's rows and change log, and the kind's snapshot. */
export interface ListSource {
  loadRows(kind: string): Promise<{ id: number; data: string; version: string }[]>;
  readChanges(kind: string, since: string, max?: number): Promise<{ changes: ListChange[]; more: boolean }>;
  readSnapshot(kind: string): Promise<ListSnapshot | null>;
  /** The snapshot's `since` without reading it (null: none). */
  snapshotSince(kind: string): Promise<string | null>;
}

export const tableSource: ListSource = {
  loadRows: loadListRows,
  readChanges: readListChanges,
  readSnapshot: readListSnapshot,
  snapshotSince: listSnapshotSince,
};

const iso = (ms: number) => new Date(ms).toISOString();

/** What a reload must give: rows holding this bulk load, rows newer than these, or (snapshotOnly) nothing but a snapshot. */
interface LoadWish {
  reloadMarker?: string;
  newerThan?: string;
  snapshotOnly?: boolean;
}

/**
 * Whether a snapshot can stand for a kind's rows: its tail is still in the change log, it holds every
 * bulk load whose marker the copy has seen (`reloadMarker`), and, when it would replace rows the copy
 * holds up to `newerThan`, it is newer than those.
 */
export function snapshotUsable(
  snapshot: Pick<ListSnapshot, 'since' | 'reloadedAt'>,
  { now, reloadMarker = '', newerThan = '' }: { now: number } & LoadWish,
): boolean {
  return snapshot.since > iso(now - LOG_HORIZON_MS) && snapshot.reloadedAt >= reloadMarker && snapshot.since > newerThan;
}

/**
 * A function's in-memory copy of one kind's list rows: loaded on first use from the kind's snapshot and
 * the change log since (or, without a recent snapshot, from every row), then kept current by reading the
 * change log on every call, so an admin sees their own change, and anyone's, at once. A catch-up of more
 * than MAX_CATCH_UP_CHANGES reloads from a newer snapshot instead of reading them all.
 */
export class ListCache<Row> {
  private rows = new Map<number, Row>();
  /** The version (write time) of each row held: a change never takes a row back to an older one. */
  private versions = new Map<number, string>();
  private loadedAt = 0;
  /** When the rows held were read from the table (ISO): a reload marker older than this is already in them. */
  private loadedVersion = '';
  /** Changes logged after this (ISO) are read on the next call. */
  private since = '';
  /** A reload under way: calls that arrive meanwhile wait for it rather than load again. */
  private loading: Promise<void> | null = null;
  /** How the last load was made, for tests and logs. */
  lastLoad: 'snapshot' | 'table' | null = null;

  constructor(
    private readonly kind: string,
    private readonly parse: (data: string) => Row = (data) => JSON.parse(data) as Row,
    private readonly source: ListSource = tableSource,
  ) {}

  /**
   * The current rows, by id: every change that committed before the call is in them. Each call reads
   * the log itself (a call that joined another's read could miss a write that committed in between).
   */
  async current(now = Date.now()): Promise<ReadonlyMap<number, Row>> {
    const readFrom = iso(now - COMMIT_WINDOW_MS);
    if (this.loadedAt === 0 || now - this.loadedAt > RELOAD_AFTER_MS || this.since < iso(now - LOG_HORIZON_MS)) {
      await this.reload(now, {});
    }
    let read = await this.source.readChanges(this.kind, this.since || readFrom, MAX_CATCH_UP_CHANGES);
    if (read.more) {
      // Too many to read one by one: start again from a snapshot newer than the rows held, when there is one
      // (its age is read first, so an older one is not downloaded);
      const snapshotSince = await this.source.snapshotSince(this.kind);
      if (snapshotSince !== null && snapshotSince > this.since) {
        await this.reload(now, { newerThan: this.since, snapshotOnly: true });
        read = await this.source.readChanges(this.kind, this.since, MAX_SNAPSHOT_TAIL);
      } else {
        // else read on from where the read stopped, as far as a snapshot's tail may go;
        const rest = await this.source.readChanges(this.kind, read.changes.at(-1)!.at!, MAX_SNAPSHOT_TAIL - read.changes.length);
        read = { changes: [...read.changes, ...rest.changes], more: rest.more };
      }
      // beyond that, every row is fewer reads.
      if (read.more) {
        await this.reload(now, {});
        read = await this.source.readChanges(this.kind, this.since);
      }
    }
    const reloadAt = read.changes.reduce((latest, change) => (change.reload && change.version > latest ? change.version : latest), '');
    if (reloadAt > this.loadedVersion) {
      // A bulk load happened: take the rows as they are now (a snapshot that holds it will do).
      await this.reload(now, { reloadMarker: reloadAt });
      if (reloadAt > this.loadedVersion) this.loadedVersion = reloadAt;
      return this.current(now);
    }
    this.apply(read.changes);
    if (readFrom > this.since) this.since = readFrom;
    return this.rows;
  }

  private apply(changes: readonly ListChange[]): void {
    for (const change of changes) {
      if (change.reload) continue;
      const known = this.versions.get(change.id);
      if (known !== undefined && known > change.version) continue;
      this.versions.set(change.id, change.version);
      if (change.data === undefined) this.rows.delete(change.id);
      else this.rows.set(change.id, this.parse(change.data));
    }
  }

  /** One reload at a time: calls that ask meanwhile wait for it. */
  private async reload(now: number, want: LoadWish): Promise<void> {
    this.loading ??= this.load(now, want).finally(() => (this.loading = null));
    await this.loading;
  }

  /** From the snapshot when it is recent enough and its tail short enough, else (unless `snapshotOnly`) from every row. */
  private async load(now: number, want: LoadWish): Promise<void> {
    const snapshot = await this.source.readSnapshot(this.kind);
    if (snapshot && snapshotUsable(snapshot, { now, ...want })) {
      const tail = await this.source.readChanges(this.kind, snapshot.since, MAX_SNAPSHOT_TAIL);
      const marker = tail.changes.some((change) => change.reload && change.version > snapshot.reloadedAt);
      if (!tail.more && !marker) {
        this.rows = new Map(snapshot.rows.map(([id, , row]) => [id, row as Row]));
        this.versions = new Map(snapshot.rows.map(([id, version]) => [id, version]));
        this.apply(tail.changes);
        // Every change stamped before the window committed before the tail was read, so is in it.
        const windowStart = iso(now - COMMIT_WINDOW_MS);
        this.since = windowStart > snapshot.since ? windowStart : snapshot.since;
        this.loadedAt = now;
        this.loadedVersion = snapshot.reloadedAt;
        this.lastLoad = 'snapshot';
        return;
      }
    }
    if (want.snapshotOnly) return;
    const loaded = await this.source.loadRows(this.kind);
    this.rows = new Map(loaded.map(({ id, data }) => [id, this.parse(data)]));
    this.versions = new Map(loaded.map(({ id, version }) => [id, version]));
    // The log is read from before the load began, so a change made during the load is applied after it.
    this.since = iso(now - COMMIT_WINDOW_MS);
    this.loadedAt = now;
    this.loadedVersion = iso(now);
    this.lastLoad = 'table';
  }
}
