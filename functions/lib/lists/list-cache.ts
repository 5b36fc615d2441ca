import { CHANGE_LOG_SECONDS, listChangesSince, loadListRows } from './list-store';

/**
 * A write's log entry is stamped before its transaction commits, and commits within this time: each
 * catch-up reads the log again from this far back, so a change that committed late is never missed.
 */
const COMMIT_WINDOW_MS = 10_000;
/** A copy older than this loads afresh, well inside the change log's horizon. */
const RELOAD_AFTER_MS = (CHANGE_LOG_SECONDS * 1000) / 2;

/**
 * A function's in-memory copy of one kind's list rows: loaded whole on first use (or when it is too old
 * for the change log), then kept current by reading the change log on every call, so an admin sees their
 * own change, and anyone's, at once.
 */
export class ListCache<Row> {
  private rows = new Map<number, { row: Row; version: string }>();
  private loadedAt = 0;
  /** Changes logged after this (ISO) are read on the next call. */
  private since = '';

  constructor(
    private readonly kind: string,
    private readonly parse: (data: string) => Row,
  ) {}

  /** The current rows. */
  async current(now = Date.now()): Promise<Row[]> {
    const readFrom = new Date(now - COMMIT_WINDOW_MS).toISOString();
    if (now - this.loadedAt > RELOAD_AFTER_MS) {
      const loaded = await loadListRows(this.kind);
      this.rows = new Map(loaded.map(({ id, data, version }) => [id, { row: this.parse(data), version }]));
      this.loadedAt = now;
    }
    for (const change of await listChangesSince(this.kind, this.since || readFrom)) {
      const known = this.rows.get(change.id);
      if (known && known.version > change.version) continue;
      if (change.data === undefined) this.rows.delete(change.id);
      else this.rows.set(change.id, { row: this.parse(change.data), version: change.version });
    }
    this.since = readFrom;
    return Array.from(this.rows.values(), (entry) => entry.row);
  }
}
