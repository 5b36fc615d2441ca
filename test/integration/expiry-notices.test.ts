import { describe, expect, it } from 'vitest';
import { sendExpiryNotices } from '../../functions/domain/licenses/expiry-notices';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { asUnit, callApi, createConfirmedUser, stackContext } from '../support/api';
import { storeLicense, withUserId } from '../support/licenses';

/**
 * The daily expiry notices, run as the job's unit against the local stack and read from the local
 * mailbox: one mail per license and threshold (30, 7, 1 days) however often the job runs, overlapping
 * runs too; none for a perpetual license, a renewing subscription, or an owner who turned them off.
 */
const { baseUrl } = stackContext();
// The job runs at the moment the test's end dates are counted from, so a run across midnight counts the
// same days (the job's own runs read the clock once, at their start, as this one does).
const now = new Date();
const runJob = () => asUnit({ job: 'expiry-notices' }, () => sendExpiryNotices(now));
/** The UTC date `days` after the job's moment, as license ends are counted (whatever the machine's zone). */
const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The expiry notices mailed to `email` (its sign-up's verification mail aside). */
const mailsTo = async (email: string): Promise<LocalMail[]> =>
  ((await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[]).filter((mail) => mail.to === email && / ends (in \d+ days|tomorrow)$/.test(mail.subject));

describe('the expiry notices job', () => {
  it('mails the owner once per threshold whatever the runs, with the link to /licenses, and nobody who opted out', async () => {
    const [ann, bob] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const off = await callApi('user', { cmd: 'update_user_profile', first_name: 'Bob', last_name: 'Quiet', expiry_notices: false }, bob.accessToken);
    expect(off.body.data).toMatchObject({ expiry_notices: false });

    const ends30 = await storeLicense(ann.id, { valid_to: day(30) });
    const ends7 = await storeLicense(ann.id, { license_type_id: 'Battery', valid_to: day(7) });
    const ends1 = await storeLicense(ann.id, { valid_to: day(1) });
    await storeLicense(ann.id, { valid_to: undefined }); // perpetual
    await storeLicense(ann.id, { valid_to: day(7), subscription_id: 990_001, subscription_state: 'active' }); // renews
    await storeLicense(bob.id, { valid_to: day(7) });

    // Two runs at once (a retry overlapping the first), then a third.
    await Promise.all([runJob(), runJob()]);
    await runJob();

    const mails = await mailsTo(ann.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        `Your Automation license ${ends30.id} ends in 30 days`,
        `Your Battery license ${ends7.id} ends in 7 days`,
        `Your Automation license ${ends1.id} ends tomorrow`,
      ].sort(),
    );
    for (const mail of mails) expect(mail.text).toContain(`${baseUrl}/licenses`);
    expect(mails.find((mail) => mail.subject.includes(String(ends7.id)))!.text).toContain(`on ${day(7)}`);
    expect(await mailsTo(bob.email)).toEqual([]);
  });
});
