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
 * most and the refusals of the last 90 days). A few hundred small writes, a second or two.
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

  // Use of the desktop app: demo on weekdays, fleet every other day on two machines, the admin weekly.
  const versionOn = (date: Date) => (date < addMonths(today, -8) ? '3.4.0' : date < addMonths(today, -3) ? '3.5.2' : '3.6.0');
  const uses = (userId: number, every: (offset: number, date: Date) => boolean, os: (offset: number) => string, licenseType: LicenseTypeId) => async () => {
    for (let offset = 400; offset >= 1; offset--) {
      const date = addDays(today, -offset);
      if (!every(offset, date)) continue;
      await recordUse({ userId, version: versionOn(date), os: os(offset), licenseType }, new Date(`${day(date)}T09:00:00.000Z`));
    }
  };
  const weekday = (_: number, date: Date) => date.getUTCDay() % 6 !== 0;
  await Promise.all([
    uses(users.demo, weekday, () => 'windows', 'Enterprise')(),
    uses(fleet.id, (offset) => offset % 2 === 0, (offset) => (offset % 4 === 0 ? 'ubuntu' : 'windows'), 'Pro')(),
    uses(users.admin, (offset) => offset % 7 === 0, () => 'macos', 'All')(),
  ]);

  // Seats of the last 90 days: the fleet's Pro and Automation seats held at most each day, and a refusal now and then.
  const seatDays = Array.from({ length: SEAT_DAYS - 1 }, (_, index) => addDays(today, -(SEAT_DAYS - 1 - index)));
  await Promise.all(
    (['Pro', 'Automation', 'Enterprise'] as const).map(async (type, t) => {
      for (const [index, date] of seatDays.entries()) {
        const at = `${day(date)}T10:00:00.000Z`;
        if (date.getUTCDay() % 6 === 0) continue;
        await raiseDailyPeak(seatsPeak, type, at, Math.max(1, 3 - t + ((index * (t + 3)) % 4)));
        if ((index + t) % 9 === 0) await recordSeatRefused(type, new Date(at));
      }
    }),
  );
}
