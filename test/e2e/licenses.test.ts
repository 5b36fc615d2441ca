import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { asUnit, callApi, createConfirmedUser } from '../support/api';
import { answerConfirmation, openSignedIn, useBrowser } from '../support/browser';
import { storeReservation } from '../support/licenses';

/**
 * The customer's Licenses screen, one real path against the local stack: the list on a phone, Return,
 * Move, Share and Stop sharing, each seen from the other user's screen too. What each card says and offers,
 * the forms' rules, refused moves and shares, and the message when the license server does not answer are
 * component tests (web/test/screens/licenses.test.tsx); who may do what is test/integration/licenses.
 */
const browser = useBrowser();

/** A signed-up, confirmed user with their numeric id (their record is made by their first call). */
async function customer() {
  const user = await createConfirmedUser();
  const profile = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
  return { ...user, id: (profile.body.data as { id: number }).id };
}

/** The calendar day `offset` days from today (UTC), as licenses store their days. */
const day = (offset: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

/** A license stored as the seed and the admin screens store it. */
const licenseFor = (userId: number, fields: Partial<NewLicense> = {}) =>
  asUnit({ endpoint: 'lic' }, () =>
    createLicense({ user_id: userId, license_type_id: 'Automation', valid_from: day(-100), valid_to: day(200), ...fields }),
  );

/** A machine holds the license's seat, as the desktop app's reservation leaves it. */
const reserve = (id: number, userId: number, fingerprint: string, hostname: string) => storeReservation(id, userId, fingerprint, hostname);

const openLicenses = (user: { username: string; password: string }, options: Parameters<typeof openSignedIn>[4] = {}) =>
  openSignedIn(browser, user.username, user.password, '/licenses', options);

/** A license's card on the screen. */
const card = (page: Page, id: number) => page.getByRole('article', { name: `License ${id}`, exact: true });
const button = (page: Page, id: number, name: string) => card(page, id).getByRole('button', { name, exact: true });
/** The green confirmation at the top of the page. */
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();
/** A detail of a card (Type, Valid to …) by its label. */
const detail = (page: Page, id: number, label: string) =>
  card(page, id).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

describe('the Licenses screen', () => {
  it('lists the licenses on a phone, returns a seat, moves one to a friend and shares another, which the friend sees until sharing stops', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const held = await licenseFor(owner.id, { license_type_id: 'Battery', valid_to: day(10) });
    await reserve(held.id, owner.id, 'e2e-workstation-fp', 'e2e-workstation');
    const expired = await licenseFor(owner.id, { license_type_id: 'Log', valid_to: day(-5) });
    const pro = await licenseFor(owner.id, {
      license_type_id: 'Pro',
      valid_to: day(150),
      addons: [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 4 }],
    });
    const moving = await licenseFor(owner.id);
    const page = await openLicenses(owner, { viewport: { width: 390, height: 844 } });

    // On a 390px-wide phone: newest first, nothing wider than the phone.
    await card(page, held.id).getByText('Expires in 10 days', { exact: true }).waitFor();
    await card(page, expired.id).getByText('Expired 5 days ago', { exact: true }).waitFor();
    expect(await detail(page, pro.id, 'Add-ons').innerText()).toBe('Automation, BatteryValidation (4 channels)');
    const titles = await page.getByRole('article').getByRole('heading').allInnerTexts();
    expect(titles).toEqual([moving, pro, expired, held].map((license) => `License ${license.id}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Return the seat the workstation holds: it may be moved again.
    expect(await detail(page, held.id, 'Machine').innerText()).toBe('e2e-workstation');
    await button(page, held.id, 'Return').click();
    await answerConfirmation(page, `Return license ${held.id}?`, 'Return license');
    await notice(page, `License ${held.id} returned`);
    await button(page, held.id, 'Move').waitFor();
    expect(await detail(page, held.id, 'Machine').count()).toBe(0);

    // Move one to the friend: it leaves the owner's list.
    await button(page, moving.id, 'Move').click();
    const moveField = card(page, moving.id).getByLabel('Move to user id');
    const submit = button(page, moving.id, 'Move');
    await moveField.fill(String(friend.id));
    // The id alone is not enough: the friend's email too, and the confirm names them.
    expect(await submit.isEnabled()).toBe(false);
    await card(page, moving.id).getByLabel(/^Their email/).fill(friend.email);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await answerConfirmation(page, `Move license ${moving.id} to Test User (user ${friend.id})?`, 'Move license');
    await notice(page, `License ${moving.id} moved to user ${friend.id}`);
    await card(page, moving.id).waitFor({ state: 'detached' });

    // Share another with the friend; the form stays open, emptied, for the next user.
    await button(page, pro.id, 'Share').click();
    const shareField = card(page, pro.id).getByLabel('Share with user id');
    await card(page, pro.id).getByText('Not shared with anyone.', { exact: true }).waitFor();
    await shareField.fill(String(friend.id));
    await card(page, pro.id).getByLabel(/^Their email/).fill(friend.email);
    await button(page, pro.id, 'Share').click();
    await answerConfirmation(page, `Share license ${pro.id} with Test User (user ${friend.id})?`, 'Share license');
    await notice(page, `License ${pro.id} shared with user ${friend.id}`);
    const stop = button(page, pro.id, `Stop sharing with user ${friend.id} (Test User)`);
    await stop.waitFor();
    await expect.poll(() => shareField.inputValue()).toBe('');

    // The friend owns the moved license (Move, not "Shared by") and sees the shared one, which offers them nothing.
    const theirs = await openLicenses(friend);
    await card(theirs, moving.id).waitFor();
    expect(await card(theirs, moving.id).getByText(/^Shared by/).count()).toBe(0);
    expect(await button(theirs, moving.id, 'Move').isVisible()).toBe(true);
    await card(theirs, pro.id).getByText('Shared by Test User', { exact: true }).waitFor();
    // No action: only the help buttons that explain the card's words ("What Usage means").
    expect(await card(theirs, pro.id).getByRole('button', { name: /^(?!What .+ means$)/ }).count()).toBe(0);
    expect(await card(theirs, held.id).count()).toBe(0);

    // Stop sharing: the owner's card says so, and the friend's list no longer has it.
    await stop.click();
    await notice(page, `License ${pro.id} no longer shared with user ${friend.id}`);
    await card(page, pro.id).getByText('Not shared with anyone.', { exact: true }).waitFor();
    await theirs.reload();
    await card(theirs, moving.id).waitFor();
    expect(await card(theirs, pro.id).count()).toBe(0);
    expect(browser.pageErrors()).toEqual([]);
  });
});
