import { addDays, formatISO } from 'date-fns';
import { migrateLicenseViews } from '../../functions/domain/licenses/license-views.migration';
import { holdFloatingSeat } from '../../functions/domain/licenses/floating-seats';
import { createLicense, licenseListOf, ownLicenses, shareLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';

const day = (today: Date, days: number) => formatISO(addDays(today, days), { representation: 'date' });

/**
 * The demo's floating license: an Enterprise license with 3 seats, one of them borrowed by the demo's
 * laptop for five days, so Licenses shows a floating license's seats and a machine holding one.
 */
async function seedFloatingLicense(demoId: number, from: string, today: Date): Promise<void> {
  const license = await createLicense({ license_type_id: 'Enterprise', valid_from: from, valid_to: day(today, 330), user_id: demoId, seats: 3 }, today);
  const laptop = { fingerprint: 'demo-laptop-41c9', hostname: 'demo-laptop', client_version: '3.1.0', os: 'windows' };
  await holdFloatingSeat(license, 1, undefined, demoId, laptop, { kind: 'borrow', lease_end: addDays(today, 5).toISOString() }, { now: today });
}

/**
 * Licenses for the demo customer in every state a license can be seen in: valid, expiring, expired,
 * perpetual, disabled, held by a machine, on a dongle, shared by someone else, floating (3 seats). Its subscription licenses
 * are bought through the checkout sandbox once the portal listens (seed-subscriptions.ts): a license that
 * names a subscription must have it, at the provider too. Only once: a demo account that has licenses
 * keeps them as they are (a data folder from before floating seats gets the floating one, once).
 */
export async function seedDemoLicenses(demoId: number, other: { id: number; username: string }, today = new Date()): Promise<void> {
  const from = day(today, -200);
  const own = await ownLicenses(demoId);
  if (own.length > 0) {
    // A data folder from before the users' copies of their licenses: every license gets them, once.
    if ((await licenseListOf(demoId)).own.length === 0) await migrateLicenseViews((line) => console.log(`Migrated: ${line}`));
    if (!own.some((license) => license.seats !== undefined)) await seedFloatingLicense(demoId, from, today);
    return;
  }
  const licenses: NewLicense[] = [
    { license_type_id: 'Automation', valid_from: from, valid_to: day(today, 165), user_id: demoId },
    { license_type_id: 'Battery', valid_from: from, valid_to: day(today, 12), user_id: demoId },
    { license_type_id: 'Log', valid_from: from, valid_to: day(today, -20), user_id: demoId },
    { license_type_id: 'All', valid_from: from, user_id: demoId },
    { license_type_id: 'Automation', valid_from: from, valid_to: day(today, 90), enabled: false, user_id: demoId },
    {
      license_type_id: 'Enterprise',
      valid_from: from,
      valid_to: day(today, 300),
      user_id: demoId,
      reservation: { reserved_to: demoId, fingerprint: 'demo-workstation-7f3a', hostname: 'demo-workstation' },
    },
    { license_type_id: 'Battery', valid_from: from, user_id: demoId, hid: 'OTII-DONGLE-0001' },
  ];
  for (const license of licenses) await createLicense(license, today);
  await seedFloatingLicense(demoId, from, today);
  const shared = await createLicense({ license_type_id: 'Automation', valid_from: from, valid_to: day(today, 200), user_id: other.id }, today);
  await shareLicense(shared, demoId, other.username);
}
