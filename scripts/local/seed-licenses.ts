import { addDays, formatISO } from 'date-fns';
import { migrateLicenseViews } from '../../functions/domain/licenses/license-views.migration';
import { createLicense, licenseListOf, ownLicenses, shareLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';

const day = (today: Date, days: number) => formatISO(addDays(today, days), { representation: 'date' });

/**
 * Licenses for the demo customer in every state a license can be seen in: valid, expiring, expired,
 * perpetual, disabled, held by a machine, on a dongle, shared by someone else. Its subscription licenses
 * are bought through the checkout sandbox once the portal listens (seed-subscriptions.ts): a license that
 * names a subscription must have it, at the provider too. Only once: a demo account that has licenses
 * keeps them as they are.
 */
export async function seedDemoLicenses(demoId: number, other: { id: number; username: string }, today = new Date()): Promise<void> {
  if ((await ownLicenses(demoId)).length > 0) {
    // A data folder from before the users' copies of their licenses: every license gets them, once.
    if ((await licenseListOf(demoId)).own.length === 0) await migrateLicenseViews((line) => console.log(`Migrated: ${line}`));
    return;
  }
  const from = day(today, -200);
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
  const shared = await createLicense({ license_type_id: 'Automation', valid_from: from, valid_to: day(today, 200), user_id: other.id }, today);
  await shareLicense(shared, demoId, other.username);
}
