import { addDays, addMonths, formatISO, startOfMonth } from 'date-fns';
import type { LicenseTypeId } from '../../shared/licenses/catalog';
import { createLicense, ownLicenses, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { raiseDailyPeak } from '../../functions/lib/db/aggregates';
import { recordSeatRefused, recordUse, seatsPeak, SEAT_DAYS } from '../../functions/domain/usage/usage-figures';

const day = (date: Date) => formatISO(date, { representation: 'date' });
const TYPES: readonly LicenseTypeId[] = ['Automation', 'Battery', 'Log', 'All', 'Enterprise', 'Pro'];

/**
 * Months of history for the Dashboard and Usage screens, once (a `fleet` customer with licenses is the
 * mark): the fleet customer's licenses bought over the last 14 months (yearly and monthly subscriptions,
 * perpetual ones, some ended), created as every license is, so the dashboard's counters take them in
 * their own transactions; and the desktop app's use on past days by the demo accounts, written through
 * the same counter functions a reservation and a download call, back-dated to the day it would have
 * happened (distinct users per week, month and year; versions as they were released; the seats held at
 * most and the refusals of the last 90 days). A few hundred small writes, a few at a time.
 */
export async function seedDemoHistory(fleet: { id: number }, users: { demo: number; admin: number }, today = new Date()): Promise<void> {
  if ((await ownLicenses(fleet.id)).length > 0) return;
  // Licenses: one to three a month, types in turn; every third perpetual, every fourth a monthly subscription that ran out.
  const licenses: NewLicense[] = [];
  for (let back = 14, n = 0; back >= 0; back--) {
    const month = startOfMonth(addMonths(today, -back));
    for (let k = 0; k < 1 + ((back * 7) % 3); k++, n++) {
      const start = addDays(month, (n * 5) % 27);
      if (start > today) continue;
      const type = TYPES[n % TYPES.length]!;
      const end = n % 3 === 0 ? undefined : n % 4 === 0 ? addDays(start, 30) : addDays(start, 365);
      licenses.push({ user_id: fleet.id, license_type_id: type, valid_from: day(start), ...(end ? { valid_to: day(end) } : {}) });
    }
  }
  for (const license of licenses) await createLicense(license, today);

  // Use of the desktop app, once a week per user and machine (the figures count distinct users per week,
  // month and year, so a use a week gives them all): demo every week, fleet on two machines in turn, the
  // admin every other week. The weeks run side by side; each user's week is a marker of its own.
  const versionOn = (date: Date) => (date < addMonths(today, -8) ? '2.8.4' : date < addMonths(today, -3) ? '3.5.2' : '3.6.0');
  const weeks = Array.from({ length: Math.floor(HISTORY_DAYS / 7) }, (_, week) => addDays(today, -(week * 7 + 1)));
  const uses = (userId: number, every: (week: number) => boolean, os: (week: number) => string, licenseType: LicenseTypeId) =>
    weeks.map((date, week) => async () => {
      if (every(week)) await recordUse({ userId, version: versionOn(date), os: os(week), licenseType }, new Date(`${day(date)}T09:00:00.000Z`));
    });
  await inBatches([
    ...uses(users.demo, () => true, () => 'windows', 'Enterprise'),
    ...uses(fleet.id, () => true, (week) => (week % 2 === 0 ? 'ubuntu' : 'windows'), 'Pro'),
    ...uses(users.admin, (week) => week % 2 === 0, () => 'macos', 'All'),
  ]);

  // Seats of the last 90 days: the fleet's Pro and Automation seats held at most each day, and a refusal now and then.
  const seatDays = Array.from({ length: SEAT_DAYS - 1 }, (_, index) => addDays(today, -(SEAT_DAYS - 1 - index)));
  await inBatches(
    (['Pro', 'Automation', 'Enterprise'] as const).flatMap((type, t) =>
      seatDays.map((date, index) => async () => {
        const at = `${day(date)}T10:00:00.000Z`;
        if (date.getUTCDay() % 6 === 0) return;
        await raiseDailyPeak(seatsPeak, type, at, Math.max(1, 3 - t + ((index * (t + 3)) % 4)));
        if ((index + t) % 9 === 0) await recordSeatRefused(type, new Date(at));
      }),
    ),
  );
}

/** Days of desktop use seeded: a year and a bit, so the yearly figure has a year before this one. */
const HISTORY_DAYS = 400;

/** Runs the writes a few at a time: each writes its own day's or week's items, so none waits on another. */
async function inBatches(writes: (() => Promise<void>)[], size = 8): Promise<void> {
  for (let start = 0; start < writes.length; start += size) await Promise.all(writes.slice(start, start + size).map((write) => write()));
}
