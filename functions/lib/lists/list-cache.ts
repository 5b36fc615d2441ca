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
  private rows = new Map<number, Row>();
  /** The version (write time) of each row held: a change never takes a row back to an older one. */
  private versions = new Map<number, string>();
  private loadedAt = 0;
  /** When the rows held were loaded (ISO): a reload marker older than this is already in them. */
  private loadedVersion = '';
  /** Changes logged after this (ISO) are read on the next call. */
  private since = '';
  /** A full load under way: calls that arrive meanwhile wait for it rather than load again. */
  private loading: Promise<void> | null = null;

  constructor(
    private readonly kind: string,
    private readonly parse: (data: string) => Row = (data) => JSON.parse(data) as Row,
  ) {}

  /**
   * The current rows, by id: every change that committed before the call is in them. Each call reads
   * the log itself (a call that joined another's read could miss a write that committed in between).
   */
  async current(now = Date.now()): Promise<ReadonlyMap<number, Row>> {
    const readFrom = new Date(now - COMMIT_WINDOW_MS).toISOString();
    if (now - this.loadedAt > RELOAD_AFTER_MS) {
      this.loading ??= this.load(now).finally(() => (this.loading = null));
      await this.loading;
    }
    const changes = await listChangesSince(this.kind, this.since || readFrom);
    const reloadAt = changes.reduce((latest, change) => (change.reload && change.version > latest ? change.version : latest), '');
    if (reloadAt > this.loadedVersion) {
      // A bulk load happened: take the rows as they are now, then the changes since.
      this.loading ??= this.load(now).finally(() => (this.loading = null));
      await this.loading;
      if (reloadAt > this.loadedVersion) this.loadedVersion = reloadAt;
      return this.current(now);
    }
    for (const change of changes) {
      if (change.reload) continue;
      const known = this.versions.get(change.id);
      if (known !== undefined && known > change.version) continue;
      this.versions.set(change.id, change.version);
      if (change.data === undefined) this.rows.delete(change.id);
      else this.rows.set(change.id, this.parse(change.data));
    }
    if (readFrom > this.since) this.since = readFrom;
    return this.rows;
  }

  private async load(now: number): Promise<void> {
    const loaded = await loadListRows(this.kind);
    this.rows = new Map(loaded.map(({ id, data }) => [id, this.parse(data)]));
    this.versions = new Map(loaded.map(({ id, version }) => [id, version]));
    // The log is read from before the load began, so a change made during the load is applied after it.
    this.since = new Date(now - COMMIT_WINDOW_MS).toISOString();
    this.loadedAt = now;
    this.loadedVersion = new Date(now).toISOString();
  }
}
