import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeMachine } from '../../shared/licenses/seat';
import { createConfirmedUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';
import { licCall, storeLicense, withUserId } from '../support/licenses';

/**
 * A license's seat history in the browser: the owner's machine holds the seat, a recipient's machine is
 * turned away; the owner opens Seat history from the license's card on Licenses and finds the chart, who
 * held the seat on which machine and who was turned away, and creates the CSV. The screen's states are
 * web/test/screens/seat-history.test.tsx; who may read what, test/integration/seat-history.
 */
const browser = useBrowser();

const rowWith = (page: Page, table: string, text: string) => page.getByRole('table', { name: table, exact: true }).locator('tbody tr').filter({ hasText: text });

describe('seat history', () => {
  it('an owner finds who held the seat on which machine and who was turned away, with the chart and a CSV', { timeout: 120_000 }, async () => {
    const [owner, friend] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const license = await storeLicense(owner.id, { valid_from: '2026-01-01', valid_to: '2099-01-01' });
    expect((await licCall(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: friend.id })).body.status).toBe('ok');
    const machine = (who: string) => {
      const hostname = `e2e-${who}-${uniqueSuffix()}`;
      return { hostname, payload: encodeMachine({ fingerprint: `fp-${hostname}`, hostname, client_version: '3.1.0', os: 'linux' }) };
    };
    const [ownersMachine, friendsMachine] = [machine('owner'), machine('friend')];
    expect((await licCall(owner.accessToken, 'reserve_license', { license_id: license.id, payload: ownersMachine.payload })).body.status).toBe('ok');
    expect((await licCall(friend.accessToken, 'reserve_license', { license_id: license.id, payload: friendsMachine.payload })).status).toBe(409);

    // From the license's card on Licenses to its seat history.
    const page = await openSignedIn(browser, owner.username, owner.password, '/licenses');
    await page.getByRole('article', { name: `License ${license.id}`, exact: true }).getByRole('link', { name: 'Seat history', exact: true }).click();
    await page.waitForURL(`**/seathistory/${license.id}`);
    const table = `Seat history of license ${license.id}`;
    await rowWith(page, table, ownersMachine.hostname).getByRole('cell', { name: 'Holds it now', exact: true }).waitFor();
    await rowWith(page, table, friendsMachine.hostname).getByRole('cell', { name: 'Turned away: another machine held the seat', exact: true }).waitFor();
    // The chart is drawn (recharts loads with it) beside its figures for a screen reader.
    await page.getByRole('figure', { name: 'Seats in the last 30 days', exact: true }).locator('svg').first().waitFor();
    await expectNoAxeViolations(page, `/seathistory/${license.id}`);

    // Create CSV writes the file and links to it: the file has both rows.
    await page.getByRole('button', { name: 'Create CSV', exact: true }).click();
    const href = await page.getByRole('link', { name: 'Download CSV', exact: true }).getAttribute('href');
    const csv = await page.evaluate(async (url) => (await fetch(url!)).text(), href);
    expect(csv.trim().split('\n')).toEqual([
      'kind,user_id,name,hostname,fingerprint,from,to,started_by,ended_by',
      expect.stringMatching(new RegExp(`^refused,${friend.id},.*,${friendsMachine.hostname},`)),
      expect.stringMatching(new RegExp(`^holding,${owner.id},.*,${ownersMachine.hostname},.*,reserve,$`)),
    ]);
  });
});
