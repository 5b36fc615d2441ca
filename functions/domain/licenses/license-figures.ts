import { declareCounter, readPeriods, readTotals, sumPeriods, type Tally } from '../../lib/db/aggregates';
import { LICENSE_TYPE_IDS } from '../../../shared/licenses/catalog';
import { isPerpetual } from '../../../shared/licenses/display';
import type { LicenseRecord } from './license.entity';
import type { CountedRecords } from '../../lib/records/domain';
import { LicenseEntity } from './license.entity';

/**
 * The license counts by type and state (the admin's license statistics and dashboard), kept by every
 * license write in its own transaction (licenseKind, license.kind.ts), so they are read from a
 * few items, never from the licenses.
 *
 * "Active" (valid today) changes as days pass without any write, so it is not one counter but three
 * that a write does change: enabled licenses by the day they end, by the day they start, and those
 * without an end. Today's active licenses are then
 *   perpetual + (those ending today or later) − (those starting after today),
 * where a license counts as starting only if it does not end before it starts, so every one starting
 * after today is also one ending after today. Reading it is three Queries of days from today on.
 */
export const licenseCounters = {
  /** Enabled licenses without an end, by type. */
  perpetual: declareCounter({ name: 'licenses-perpetual', periods: ['total'] }),
  /** Enabled licenses with an end, by type and the day of their end. */
  endingOn: declareCounter({ name: 'licenses-ending', periods: ['day'] }),
  /** Enabled licenses (that do not end before they start), by type and the day they start. */
  startingOn: declareCounter({ name: 'licenses-starting', periods: ['day'] }),
  /**
   * Licenses whose seat a machine holds, by type: every reservation and return of every user changes
   * it, so it is spread over 16 items.
   */
  reserved: declareCounter({ name: 'licenses-reserved', periods: ['total'], shards: 16 }),
};

/**
 * The dashboard's history of valid licenses (its two charts), kept by the same writes: how many licenses
 * of a type and payment kind were valid on any past day is
 *   (those valid from that day or before) − (those whose end was before that day),
 * two Queries of day figures whatever the number of licenses. A license's payment kind is `perpetual`
 * when it reads Perpetual (no end, or one in the perpetual years: isPerpetual) and `subscription` with
 * any other end (time-limited, bought as a subscription or given for a time). A license that ends before it starts is never valid and counts in neither.
 */
export const licenseHistoryCounters = {
  /** Enabled licenses valid for at least a day, by `{type}:{perpetual|subscription}` and the day they start. */
  validFrom: declareCounter({ name: 'licenses-valid-from', periods: ['day', 'month'] }),
  /** Of those, the ones with an end, by `{type}:subscription` and their last day. */
  validUntil: declareCounter({ name: 'licenses-valid-until', periods: ['day', 'month'] }),
};

export type PaymentKind = 'perpetual' | 'subscription';

/** What a license counts for in the history of valid licenses. */
export function licenseHistoryTallies(license: LicenseRecord): Tally[] {
  if (!license.enabled) return [];
  if (license.valid_to && license.valid_to < license.valid_from) return [];
  // One rule with every screen: an end in the perpetual years reads, and counts, as perpetual.
  const end = isPerpetual(license.valid_to ?? null) ? null : license.valid_to;
  const kind: PaymentKind = end ? 'subscription' : 'perpetual';
  const dimension = `${license.license_type_id}:${kind}`;
  const tallies: Tally[] = [{ counter: licenseHistoryCounters.validFrom, dimension, at: license.valid_from }];
  if (end) tallies.push({ counter: licenseHistoryCounters.validUntil, dimension, at: end });
  return tallies;
}

/** What a license counts for in the license counters (its state now, and the history of valid licenses). */
export function licenseTallies(license: LicenseRecord): Tally[] {
  return [...licenseStateTallies(license), ...licenseHistoryTallies(license)];
}

/** What a license counts for in the counters of its state now (licenseCounters). */
export function licenseStateTallies(license: LicenseRecord): Tally[] {
  const dimension = license.license_type_id;
  const tallies: Tally[] = [];
  if (license.reserved_to !== undefined && license.reserved_to !== null) tallies.push({ counter: licenseCounters.reserved, dimension });
  if (license.enabled) {
    const end = isPerpetual(license.valid_to ?? null) ? null : license.valid_to;
    if (end) tallies.push({ counter: licenseCounters.endingOn, dimension, at: end });
    else tallies.push({ counter: licenseCounters.perpetual, dimension });
    if (!end || end >= license.valid_from) tallies.push({ counter: licenseCounters.startingOn, dimension, at: license.valid_from });
  }
  return tallies;
}

export interface LicenseTypeFigures {
  license_type: string;
  /** Enabled and valid today (started, not ended; perpetual ones included). */
  active: number;
  /** A machine holds its seat. */
  reserved: number;
  /** Enabled, without an end. */
  perpetual: number;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Per license type: active today, reserved, perpetual (read from the counters). */
export async function licenseTypeFigures(now = new Date()): Promise<LicenseTypeFigures[]> {
  const today = now.toISOString().slice(0, 10);
  const [perpetual, reserved, ending, starting] = await Promise.all([
    readTotals(licenseCounters.perpetual),
    readTotals(licenseCounters.reserved),
    sumPeriods(licenseCounters.endingOn, 'day', { from: today }),
    sumPeriods(licenseCounters.startingOn, 'day', { from: addDays(today, 1) }),
  ]);
  return LICENSE_TYPE_IDS.map((type) => ({
    license_type: type,
    active: (perpetual.get(type) ?? 0) + (ending.get(type) ?? 0) - (starting.get(type) ?? 0),
    reserved: reserved.get(type) ?? 0,
    perpetual: perpetual.get(type) ?? 0,
  }));
}

/** One point of the dashboard's graph: licenses of a type valid on `date`, by payment kind. */
export interface LicenseGraphPoint {
  date: string;
  license_type_id: string;
  perpetual: number;
  subscription: number;
}

/** How many months back the graph goes: the first day of each, then today. */
export const GRAPH_MONTHS = 12;

/** The days the graph shows: the first day of each of the last GRAPH_MONTHS months and this one, then today. */
export function graphDays(now: Date): string[] {
  const today = now.toISOString().slice(0, 10);
  const days: string[] = [];
  for (let back = GRAPH_MONTHS; back >= 0; back--) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    if (first < today) days.push(first);
  }
  return [...days, today];
}

/**
 * The licenses valid on each of graphDays, per type and payment kind (every type, in the catalogue's
 * order, at every day). A day's count is the month figures before its month plus the day figures of its
 * month up to it: one Query of the month figures of each counter, one of this month's days, and one of
 * each month's first day (a first day needs no other day of its month).
 */
export async function licenseGraph(now = new Date()): Promise<LicenseGraphPoint[]> {
  const days = graphDays(now);
  const today = days.at(-1)!;
  const thisMonth = `${today.slice(0, 7)}-01`;
  const firsts = days.filter((day) => day < thisMonth);
  const { validFrom, validUntil } = licenseHistoryCounters;
  const [fromMonths, untilMonths, fromDays, untilDays, ...firstDays] = await Promise.all([
    readPeriods(validFrom, 'month', { to: today }),
    readPeriods(validUntil, 'month', { to: today }),
    readPeriods(validFrom, 'day', { from: thisMonth, to: today }),
    readPeriods(validUntil, 'day', { from: thisMonth, to: today }),
    ...firsts.map((day) => readPeriods(validFrom, 'day', { from: day, to: day })),
  ]);
  const fromDayFigures = [...fromDays, ...firstDays.flat()];
  const valid = (day: string, type: string, kind: PaymentKind) => {
    const dimension = `${type}:${kind}`;
    const month = day.slice(0, 7);
    let count = 0;
    for (const figure of fromMonths) if (figure.dimension === dimension && figure.period < month) count += figure.value;
    for (const figure of fromDayFigures) if (figure.dimension === dimension && figure.period.startsWith(month) && figure.period <= day) count += figure.value;
    for (const figure of untilMonths) if (figure.dimension === dimension && figure.period < month) count -= figure.value;
    for (const figure of untilDays) if (figure.dimension === dimension && figure.period.startsWith(month) && figure.period < day) count -= figure.value;
    return count;
  };
  return days.flatMap((date) =>
    LICENSE_TYPE_IDS.map((type) => ({ date, license_type_id: type, perpetual: valid(date, type, 'perpetual'), subscription: valid(date, type, 'subscription') })),
  );
}

/** What licenses count for, as the counters' check and back-fill recount them (the domain declares it). */
export const licensesCounted = [
  { what: 'licenses', entity: LicenseEntity, counters: licenseCounters, tallies: licenseStateTallies },
  // Its own kind, so a table from before the dashboard back-fills it once at the local stack's start.
  { what: 'license history', entity: LicenseEntity, counters: licenseHistoryCounters, tallies: licenseHistoryTallies },
] as const satisfies readonly CountedRecords[];
