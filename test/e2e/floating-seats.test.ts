import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { floatingSeatsOf } from '../../functions/domain/licenses/floating-seats';
import type { Machine } from '../../shared/licenses/seat';
import { reserveLicense, signIn as clientSignIn } from '../../scripts/client/protocol';
import { asUnit, createConfirmedUser, stackContext } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { answerConfirmation, openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';
import { licCall, storeLicense, withUserId } from '../support/licenses';

/**
 * A floating license in a browser, with real machines (the reference client's reservations): its owner
 * sees on Licenses how many seats are in use and which machines hold them, and frees a lost machine's
 * borrowed seat. Each rule of the screen is web/test/screens/floating-seats.test.tsx; who may see and free
 * what is test/integration/floating-seats.test.ts.
 */
const browser = useBrowser();
const { baseUrl } = stackContext();

const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).first().waitFor();
/** A detail of a card (Seats …) by its label. */
const detail = (page: Page, licenseId: number, label: string) =>
  page
    .getByRole('article', { name: `License ${licenseId}`, exact: true })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('floating seats', () => {
  it('the owner sees the machines holding seats of a floating license and releases a colleague’s lost laptop’s borrowed seat', { timeout: 120_000 }, async () => {
    const [owner, colleague] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const license = await storeLicense(owner.id, { license_type_id: 'Enterprise', valid_to: '2099-06-30', seats: 3 });
    expect((await licCall(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: colleague.id })).body.status).toBe('ok');
    const suffix = uniqueSuffix();
    const machine = (name: string): Machine => ({ fingerprint: `fp-${name}-${suffix}`, hostname: `${name}-${suffix}.lab`, client_version: '3.1.0', os: 'linux' });
    const bench = machine('bench');
    const laptop = machine('laptop');
    // The owner's bench runs on a floating lease; the colleague took the laptop along for three days.
    await reserveLicense(await clientSignIn(baseUrl, owner.username, owner.password), license.id, bench);
    await reserveLicense(await clientSignIn(baseUrl, colleague.username, colleague.password), license.id, laptop, false, 3);

    const page = await openSignedIn(browser, owner.username, owner.password, '/licenses');
    await expect.poll(() => detail(page, license.id, 'Seats').innerText()).toBe('3 seats (floating), 2 in use');
    await page.getByRole('button', { name: `Seats of license ${license.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Seats of license ${license.id}`, exact: true });
    const table = dialog.getByRole('table', { name: 'Machines holding a seat', exact: true });
    const row = (hostname: string) => table.locator('tbody tr').filter({ hasText: hostname });
    await row(bench.hostname).getByText('Floating', { exact: true }).waitFor();
    await row(bench.hostname).getByRole('button', { name: `Return the seat of ${bench.hostname}`, exact: true }).waitFor();
    await row(laptop.hostname).getByText(/^Borrowed until \d{4}-\d\d-\d\d$/).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await expectNoAxeViolations(page, '/licenses with the Seats dialog open');

    // The laptop is lost: its owner releases its seat, which is free at once (the laptop works on until its lease ends).
    await row(laptop.hostname).getByRole('button', { name: `Release the seat of ${laptop.hostname}`, exact: true }).click();
    await answerConfirmation(page, `Release the seat of ${laptop.hostname} (license ${license.id})?`, 'Release seat');
    await notice(page, `Seat of license ${license.id} on ${laptop.hostname} released`);
    await dialog.getByText('3 seats (floating), 1 in use', { exact: true }).waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    await row(bench.hostname).waitFor();
    const held = await asUnit({ endpoint: 'lic' }, () => floatingSeatsOf(license.id));
    expect(held.map((seat) => seat.fingerprint)).toEqual([bench.fingerprint]);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => detail(page, license.id, 'Seats').innerText()).toBe('3 seats (floating), 1 in use');
  });
});
