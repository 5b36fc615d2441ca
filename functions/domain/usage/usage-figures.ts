import type { SeatDay, Usage } from '../../../shared/contract/usage.admin';
import { ALL_VERSIONS } from '../../../shared/usage/usage';
import { LICENSE_TYPE_IDS } from '../../../shared/licenses/catalog';
import { countEvent, declareCounter, markSeen, raiseDailyPeak, readPeriods, readTotal, readTotals, type Tally } from '../../lib/db/aggregates';
import { logger } from '../../lib/logger';
import { boundedMemo } from '../../lib/bounded-memo';
import { getTableName } from '../../lib/config';
import { licenseCounters } from '../licenses/license-figures';
import { knownOs, knownVersion, releasedVersions } from './known-clients';

/**
 * Who uses the desktop app (the admin's Usage screen), from what the app does: a seat reservation or
 * its renewal (the app's start, about daily) and a recorded download. Each counts the user once per
 * period with `markSeen` (a marker per user and period, put with the counter's ADD in one transaction),
 * so the figures are distinct users, exact under concurrent calls, read from a few items.
 */
export const usageCounters = {
  /** Distinct users ever, per ISO week, month and year. Every desktop start of every user may write it. */
  users: declareCounter({ name: 'usage-users', periods: ['total', 'week', 'month', 'year'], shards: 4 }),
  /** Distinct users per month and desktop version. */
  versions: declareCounter({ name: 'usage-versions', periods: ['month'], shards: 4 }),
  /** Distinct users per month and operating system. */
  os: declareCounter({ name: 'usage-os', periods: ['month'], shards: 4 }),
  /** Distinct users per month and license type reserved. */
  types: declareCounter({ name: 'usage-types', periods: ['month'], shards: 4 }),
};

/** Per license type and day, the most seats held at once (raised by each reservation and renewal). */
export const seatsPeak = declareCounter({ name: 'seats-peak', periods: ['day'] });
/** Per license type and day, reservations refused because another machine held the seat. */
export const seatsRefused = declareCounter({ name: 'seats-refused', periods: ['day'], shards: 4 });

export interface DesktopUse {
  userId: number;
  version: string;
  os: string;
  /** The license type reserved (a download has none). */
  licenseType?: string;
}

/**
 * The tallies one use counts for (each counted once per user and period by markSeen): the version and
 * OS as the release list knows them (`released`: its desktop versions), anything else as `other`.
 */
export const useTallies = (use: DesktopUse, released: ReadonlySet<string>): Tally[] => [
  { counter: usageCounters.users },
  { counter: usageCounters.versions, dimension: knownVersion(use.version, released) },
  { counter: usageCounters.os, dimension: knownOs(use.os) },
  ...(use.licenseType ? [{ counter: usageCounters.types, dimension: use.licenseType }] : []),
];

/** Counts a use of the desktop app; never fails the call it describes (a failure is logged). */
/** The uses (user, client, day) and the day peaks this instance recorded: bounded, so no caller can grow them. */
const seenToday = boundedMemo<string, true>(10_000);
const peakRecordedToday = boundedMemo<string, true>(100);

export async function recordUse(use: DesktopUse, now = new Date()): Promise<void> {
  // Seen today is seen for the day, week and month: the app's renewals (every few minutes on a floating
  // seat) need not say it again to this instance.
  const seen = `${getTableName()}|${use.userId}|${use.version}|${use.os}|${use.licenseType}|${now.toISOString().slice(0, 10)}`;
  if (seenToday.get(seen)) return;
  try {
    await markSeen(useTallies(use, await releasedVersions()), use.userId, now.toISOString());
    seenToday.set(seen, true);
  } catch (error) {
    logger.warn('Usage not counted', { error, userId: use.userId });
  }
}

/**
 * After a reservation or renewal of a `licenseType` seat: raises today's peak to the seats of that type
 * held now (read after the reservation was written, so of two reservations at once the later read sees
 * both). Never fails the reservation.
 */
export async function recordSeatsHeld(licenseType: string, now = new Date(), { renewal = false } = {}): Promise<void> {
  // A renewal holds no more seats than before: it records the day's figure once per instance (for a day
  // with no new reservation), a new seat each time.
  const day = `${getTableName()}|${licenseType}|${now.toISOString().slice(0, 10)}`;
  if (renewal && peakRecordedToday.get(day)) return;
  try {
    const held = (await readTotals(licenseCounters.reserved)).get(licenseType) ?? 0;
    await raiseDailyPeak(seatsPeak, licenseType, now.toISOString(), held);
    peakRecordedToday.set(day, true);
  } catch (error) {
    logger.warn('Seat peak not recorded', { error, licenseType });
  }
}

/** Counts a reservation refused because another machine held the seat. Never fails the call. */
export async function recordSeatRefused(licenseType: string, now = new Date()): Promise<void> {
  try {
    await countEvent({ counter: seatsRefused, dimension: licenseType, at: now.toISOString() });
  } catch (error) {
    logger.warn('Seat refusal not counted', { error, licenseType });
  }
}

const DAY_MS = 86_400_000;
const dayBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
/** How far back the weekly and monthly figures and the seat chart go. */
export const USAGE_WEEKS = 12;
export const USAGE_MONTHS = 12;
export const SEAT_DAYS = 90;

const mostFirst = <T extends { count: number }>(rows: T[]) => rows.sort((a, b) => b.count - a.count);

/** The usage entity, read from the counters: a Query per figure. */
export async function readUsage(now = new Date()): Promise<Usage> {
  const today = now.toISOString().slice(0, 10);
  const monthsBack = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (USAGE_MONTHS - 1), 1)).toISOString().slice(0, 10);
  const thisMonth = { from: today, to: today };
  const [userCount, weeks, months, years, versions, os, types, peaks, refused] = await Promise.all([
    readTotal(usageCounters.users),
    readPeriods(usageCounters.users, 'week', { from: dayBefore(now, 7 * (USAGE_WEEKS - 1)) }),
    readPeriods(usageCounters.users, 'month', { from: monthsBack }),
    readPeriods(usageCounters.users, 'year'),
    readPeriods(usageCounters.versions, 'month', thisMonth),
    readPeriods(usageCounters.os, 'month', thisMonth),
    readPeriods(usageCounters.types, 'month', thisMonth),
    readPeriods(seatsPeak, 'day', { from: dayBefore(now, SEAT_DAYS - 1) }),
    readPeriods(seatsRefused, 'day', { from: dayBefore(now, SEAT_DAYS - 1) }),
  ]);
  const thisMonthUsers = months.find((figure) => figure.period === today.slice(0, 7))?.value ?? 0;
  return {
    user_count: userCount,
    weekly_usage: weeks.map(({ period, value }) => ({ week: period, count: value })),
    monthly_usage: months.map(({ period, value }) => ({ month: period, count: value })),
    yearly_usage: years.map(({ period, value }) => ({ year: period, count: value })),
    version_usage: [...mostFirst(versions.map(({ dimension, value }) => ({ version: dimension, count: value }))), { version: ALL_VERSIONS, count: thisMonthUsers }],
    os_usage: mostFirst(os.map(({ dimension, value }) => ({ os: dimension, count: value }))),
    type_usage: mostFirst(types.map(({ dimension, value }) => ({ type: dimension, count: value }))),
    seats: seatDays(peaks, refused),
  };
}

/** Per day that has a figure and every license type, the peak and the refusals (0 where none). */
function seatDays(peaks: { period: string; dimension: string; value: number }[], refused: { period: string; dimension: string; value: number }[]): SeatDay[] {
  const days = [...new Set([...peaks, ...refused].map((figure) => figure.period))].sort();
  const value = (figures: typeof peaks, day: string, type: string) => figures.find((figure) => figure.period === day && figure.dimension === type)?.value ?? 0;
  return days.flatMap((date) => LICENSE_TYPE_IDS.map((type) => ({ date, license_type_id: type, peak: value(peaks, date, type), refused: value(refused, date, type) })));
}
