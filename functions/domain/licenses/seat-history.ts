import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { SEAT_CHART_DAYS, type SeatChartDay, type SeatHistoryRow } from '../../../shared/licenses/seat-history.contract';
import { portalTable } from '../../lib/db/table';
import type { LicenseRecord } from './license.entity';
import { SeatDayEntity } from './seat-day.entity';
import { SeatEventEntity, seatHistoryPartition } from './seat-event.entity';
import { HOLDING_STARTS, type SeatEvent } from './seat-events';

/**
 * A license's seat history read back: holdings derived from its seat events, refusals as they were
 * recorded, and the day figures of its chart. A holding starts with a reservation, a takeover or an
 * offline lease and ends at the next event of the same seat (a return, a release, a takeover, or a
 * reservation that took a seat its holder could no longer keep): a license's one seat, or one of a
 * floating license's numbered seats.
 */

/** A seat history row before names: who it concerns, as an id. */
export type HistoryRow = Omit<SeatHistoryRow, 'name'>;

/** The seat change just newer than where a page starts: it ends that seat's next older holding. */
interface LaterChange {
  at: string;
  event: SeatEvent;
}

/** Which seat an event changed: a floating license's seat number, 0 for a license's one seat. */
const seatOf = (event: { seat?: number }) => event.seat ?? 0;

/** Where a page starts: the place of the last row read, and each seat's change after it (none: held since). */
interface Cursor {
  sk: string;
  later: Map<number, LaterChange>;
}

export const encodeCursor = ({ sk, later }: Cursor) => [sk, ...[...later].map(([seat, { at, event }]) => `${seat}~${at}~${event}`)].join('~');
/** A cursor the contract's pattern already checked. */
export function decodeCursor(text: string): Cursor {
  const [sk, ...parts] = text.split('~');
  const later = new Map<number, LaterChange>();
  for (let i = 0; i + 2 < parts.length; i += 3) later.set(Number(parts[i]), { at: parts[i + 1]!, event: parts[i + 2] as SeatEvent });
  return { sk: sk!, later };
}

/** Seat events read per query: a page's rows and the changes between them, in one read most of the time. */
const READ_BATCH = 50;
/**
 * Events one call reads at most: a caller who sees only their own rows on a busy license gets a short page
 * (with its `next`) rather than a read of the whole partition.
 */
const MAX_EXAMINED = 2_000;

export interface HistoryPage {
  rows: HistoryRow[];
  /** The next page's cursor; null: none. */
  next: string | null;
}

/**
 * A page of `license`'s history, newest first: `size` rows after `cursor`, of everyone, or only the rows of
 * `onlyUserId` (their holdings, ended by whoever ended them, and their refusals).
 */
export async function seatHistoryPage(
  license: LicenseRecord,
  { size, cursor, onlyUserId }: { size: number; cursor?: string; onlyUserId?: number },
): Promise<HistoryPage> {
  const start = cursor ? decodeCursor(cursor) : null;
  const later = start ? start.later : new Map<number, LaterChange>();
  let lastSk = start?.sk;
  const rows: HistoryRow[] = [];
  let examined = 0;
  let exclusiveStartKey: Record<string, unknown> | undefined;
  // Their rows: what names them as the seat's holder, or as who acted when no other holder is named.
  const theirs: Condition<typeof SeatEventEntity> | undefined =
    onlyUserId === undefined ? undefined : { or: [{ attr: 'holder', eq: onlyUserId }, { and: [{ attr: 'holder', exists: false }, { attr: 'user_id', eq: onlyUserId }] }] };
  for (;;) {
    const { Items = [], LastEvaluatedKey } = await portalTable
      .build(QueryCommand)
      .entities(SeatEventEntity)
      .query({ partition: seatHistoryPartition(license.id), ...(start ? { range: { lt: start.sk } } : {}) })
      .options({ reverse: true, limit: READ_BATCH, exclusiveStartKey, ...(theirs ? { filters: { 'seat-event': theirs } } : {}) })
      .send();
    examined += READ_BATCH;
    for (const [index, event] of Items.entries()) {
      const at = event.at.slice(0, 24);
      const who = event.holder ?? event.user_id;
      const machine = { hostname: event.hostname ?? null, fingerprint: event.fingerprint ?? null };
      if (event.event === 'refused') {
        rows.push({ kind: 'refused', user_id: event.user_id, ...machine, from: at, to: null, started_by: null, ended_by: null });
      } else {
        const seat = seatOf(event);
        const end = later.get(seat);
        if (HOLDING_STARTS.has(event.event)) {
          rows.push({ kind: 'holding', user_id: who, ...machine, from: at, to: end?.at ?? null, started_by: event.event, ended_by: end?.event ?? null });
        }
        later.set(seat, { at, event: event.event });
      }
      lastSk = event.at;
      if (rows.length >= size) {
        const more = index < Items.length - 1 || LastEvaluatedKey !== undefined;
        return { rows, next: more ? encodeCursor({ sk: lastSk, later }) : null };
      }
    }
    exclusiveStartKey = LastEvaluatedKey;
    if (!exclusiveStartKey) return { rows: withCurrentHolding(license, rows, start === null, onlyUserId), next: null };
    if (examined >= MAX_EXAMINED) {
      // The place to go on from is the last key read, also when the filter left none of its events.
      const sk = lastSk === undefined || (exclusiveStartKey.sk as string) < lastSk ? (exclusiveStartKey.sk as string) : lastSk;
      return { rows, next: encodeCursor({ sk, later }) };
    }
  }
}

/**
 * The holding of the machine that holds the seat now, when its start is no longer among the events (a
 * seat kept for months by renewals, which write none, outlives its reservation's event): read from the
 * license itself, on a first page that read the whole partition.
 */
function withCurrentHolding(license: LicenseRecord, rows: HistoryRow[], firstPage: boolean, onlyUserId?: number): HistoryRow[] {
  const holder = license.reserved_to;
  if (!firstPage || holder === undefined || !license.reserved_since || (onlyUserId !== undefined && holder !== onlyUserId)) return rows;
  if (rows.some((row) => row.kind === 'holding' && row.to === null)) return rows;
  const current: HistoryRow = {
    kind: 'holding',
    user_id: holder,
    hostname: license.hostname ?? null,
    fingerprint: license.fingerprint ?? null,
    from: license.reserved_since,
    to: null,
    started_by: 'reserve',
    ended_by: null,
  };
  return [current, ...rows];
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The SEAT_CHART_DAYS days ending today, oldest first. */
export const chartDays = (now: Date): string[] =>
  Array.from({ length: SEAT_CHART_DAYS }, (_, n) => dayOf(now.getTime() - (SEAT_CHART_DAYS - 1 - n) * DAY_MS));

/** Seats a license owns: a floating license its `seats`, any other one (a license is a seat). */
const seatsOf = (license: LicenseRecord) => license.seats ?? 1;

/** One license's chart: per day its highest seats in use, the seats it owned, its refusals. */
export async function licenseSeatChart(license: LicenseRecord, now = new Date()): Promise<SeatChartDay[]> {
  const days = chartDays(now);
  // The window's days and the last day before it (where the first day's seats in use start from).
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(SeatDayEntity)
    .query({ partition: `seat-days#${license.id}`, range: { lte: days.at(-1)! } })
    .options({ reverse: true, limit: SEAT_CHART_DAYS + 1 })
    .send();
  const byDay = new Map(Items.map((item) => [item.day, item]));
  const before = Items.find((item) => item.day < days[0]!);
  let held = before?.held ?? 0;
  // The machine holding the seat now has held it every day since its reservation (renewals write nothing).
  const heldSince = license.fingerprint !== undefined && license.reserved_since ? license.reserved_since.slice(0, 10) : null;
  return days.map((day) => {
    const figure = byDay.get(day);
    let inUse = Math.max(held, ...(figure?.levels ?? []));
    if (heldSince !== null && heldSince <= day) inUse = Math.max(inUse, 1);
    held = figure?.held ?? held;
    const owned = license.valid_from.slice(0, 10) <= day && (license.valid_to === undefined || license.valid_to >= day) ? seatsOf(license) : 0;
    return { day, in_use: inUse, owned, refused: figure?.refused ?? 0 };
  });
}

/** Licenses whose figures are read at once: an organisation's hundreds without a flood of reads. */
const CHART_READS_AT_ONCE = 25;

/**
 * The licenses' charts summed day by day. For an organisation this is an upper bound of its seats in use:
 * each license's highest of the day may fall at a different hour, so the sum can exceed what was ever in use
 * at one moment (never less).
 */
export async function summedSeatChart(licenses: readonly LicenseRecord[], now = new Date()): Promise<SeatChartDay[]> {
  const sum = chartDays(now).map((day) => ({ day, in_use: 0, owned: 0, refused: 0 }));
  for (let from = 0; from < licenses.length; from += CHART_READS_AT_ONCE) {
    const charts = await Promise.all(licenses.slice(from, from + CHART_READS_AT_ONCE).map((license) => licenseSeatChart(license, now)));
    for (const chart of charts) {
      chart.forEach((day, index) => {
        const total = sum[index]!;
        total.in_use += day.in_use;
        total.owned += day.owned;
        total.refused += day.refused;
      });
    }
  }
  return sum;
}

/** Every row of a license's history the caller may see (for the CSV), newest first. */
export async function wholeSeatHistory(license: LicenseRecord, onlyUserId?: number): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await seatHistoryPage(license, { size: 500, ...(cursor ? { cursor } : {}), ...(onlyUserId === undefined ? {} : { onlyUserId }) });
    rows.push(...page.rows);
    cursor = page.next ?? undefined;
  } while (cursor);
  return rows;
}
