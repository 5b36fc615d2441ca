import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { asUnit, callApi, createConfirmedUser } from '../support/api';
import { answerConfirmation, openSignedIn, useBrowser } from '../support/browser';
import { storeReservation } from '../support/licenses';

/**
 * The customer's Licenses screen, clicked through as a user would against the local stack: the list on a
 * phone, Move, Share and Stop sharing, and Return. What each card says and the forms' rules are
 * component tests (web/test/screens/licenses.test.tsx). Each test makes its own users and licenses.
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
  it('lists the licenses newest first on a 390px-wide phone, nothing wider than the phone', async () => {
    const user = await customer();
    const expiring = await licenseFor(user.id, { license_type_id: 'Battery', valid_to: day(10) });
    const perpetual = await licenseFor(user.id, { license_type_id: 'All', valid_to: undefined, license_usage_id: 1 });
    const expired = await licenseFor(user.id, { license_type_id: 'Log', valid_to: day(-5) });
    const pro = await licenseFor(user.id, {
      license_type_id: 'Pro',
      valid_to: day(150),
      addons: [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 4 }],
    });
    const disabled = await licenseFor(user.id, { valid_to: day(20), enabled: false });
    const page = await openLicenses(user, { viewport: { width: 390, height: 844 } });

    await card(page, expiring.id).getByText('Expires in 10 days', { exact: true }).waitFor();
    await card(page, expired.id).getByText('Expired 5 days ago', { exact: true }).waitFor();
    expect(await detail(page, pro.id, 'Add-ons').innerText()).toBe('Automation, BatteryValidation (4 channels)');

    // Newest first.
    const titles = await page.getByRole('article').getByRole('heading').allInnerTexts();
    expect(titles).toEqual([disabled, pro, expired, perpetual, expiring].map((license) => `License ${license.id}`));
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('moves a license: it leaves the owner’s list and shows in the recipient’s', async () => {
    const [owner, recipient] = await Promise.all([customer(), customer()]);
    const license = await licenseFor(owner.id);
    const kept = await licenseFor(owner.id, { license_type_id: 'Battery' });
    const page = await openLicenses(owner);

    await button(page, license.id, 'Move').click();
    const userField = card(page, license.id).getByLabel('Move to user id');
    const submit = button(page, license.id, 'Move');
    await userField.fill(String(recipient.id));
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await answerConfirmation(page, `Move license ${license.id} to user ${recipient.id}?`, 'Move license');
    await notice(page, `License ${license.id} moved to user ${recipient.id}`);
    await card(page, license.id).waitFor({ state: 'detached' });
    expect(await card(page, kept.id).isVisible()).toBe(true);

    const theirs = await openLicenses(recipient);
    await card(theirs, license.id).waitFor();
    expect(await card(theirs, license.id).getByText(/^Shared by/).count()).toBe(0);
    expect(await button(theirs, license.id, 'Move').isVisible()).toBe(true);
    expect(await card(theirs, kept.id).count()).toBe(0);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('shows a refused move’s message in red and keeps the license', async () => {
    const owner = await customer();
    const license = await licenseFor(owner.id);
    const page = await openLicenses(owner);
    await button(page, license.id, 'Move').click();
    await card(page, license.id).getByLabel('Move to user id').fill(String(owner.id));
    await button(page, license.id, 'Move').click();
    await answerConfirmation(page, `Move license ${license.id} to user ${owner.id}?`, 'Move license');
    await page.getByRole('alert').getByText('The license already belongs to that user', { exact: true }).waitFor();
    expect(await card(page, license.id).isVisible()).toBe(true);
  });

  it('shares with a user, who sees it as shared by the owner with no Move or Share, until the owner stops sharing', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const license = await licenseFor(owner.id);
    const page = await openLicenses(owner);

    await button(page, license.id, 'Share').click();
    const userField = card(page, license.id).getByLabel('Share with user id');
    await userField.waitFor();
    await card(page, license.id).getByText('Not shared with anyone.', { exact: true }).waitFor();
    expect(await button(page, license.id, 'Share').isDisabled()).toBe(true);
    await userField.fill(String(friend.id));
    await button(page, license.id, 'Share').click();
    await notice(page, `License ${license.id} shared with user ${friend.id}`);
    const stop = button(page, license.id, `Stop sharing with user ${friend.id} (Test User)`);
    await stop.waitFor();
    // The form stays open, emptied, for the next user.
    await expect.poll(() => userField.inputValue()).toBe('');
    await expect.poll(() => button(page, license.id, 'Share').isDisabled()).toBe(true);

    const theirs = await openLicenses(friend, { viewport: { width: 390, height: 844 } });
    await card(theirs, license.id).getByText('Shared by Test User', { exact: true }).waitFor();
    expect(await card(theirs, license.id).getByRole('button').count()).toBe(0);

    await stop.click();
    await notice(page, `License ${license.id} no longer shared with user ${friend.id}`);
    await card(page, license.id).getByText('Not shared with anyone.', { exact: true }).waitFor();
    await button(page, license.id, 'Close').click();
    await button(page, license.id, 'Move').waitFor();
    expect(await detail(page, license.id, 'Shared with').count()).toBe(0);

    await theirs.reload();
    await theirs.getByText('You have no licenses yet.', { exact: true }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });

  it('returns a license a machine holds, and offers no Return or Move for one on a dongle', async () => {
    const owner = await customer();
    const reserved = await licenseFor(owner.id);
    await reserve(reserved.id, owner.id, 'e2e-workstation-fp', 'e2e-workstation');
    const onDongle = await licenseFor(owner.id, { hid: 'E2E-DONGLE-1' });
    await reserve(onDongle.id, owner.id, 'e2e-laptop-fp', 'e2e-laptop');
    const page = await openLicenses(owner);

    expect(await detail(page, reserved.id, 'Machine').innerText()).toBe('e2e-workstation');
    // A held license is not moved; it may still be shared.
    expect(await button(page, reserved.id, 'Move').count()).toBe(0);
    expect(await button(page, reserved.id, 'Share').isVisible()).toBe(true);
    expect(await detail(page, onDongle.id, 'Dongle').innerText()).toBe('E2E-DONGLE-1');
    expect(await button(page, onDongle.id, 'Return').count()).toBe(0);
    expect(await button(page, onDongle.id, 'Move').count()).toBe(0);

    await button(page, reserved.id, 'Return').click();
    await answerConfirmation(page, `Return license ${reserved.id}?`, 'Return license');
    await notice(page, `License ${reserved.id} returned`);
    await button(page, reserved.id, 'Move').waitFor();
    expect(await detail(page, reserved.id, 'Machine').count()).toBe(0);
    expect(await button(page, reserved.id, 'Return').count()).toBe(0);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('lets the recipient of a share return what their own machine holds', async () => {
    const [owner, friend] = await Promise.all([customer(), customer()]);
    const license = await licenseFor(owner.id);
    await callApi('lic/5', { cmd: 'share_license', license_id: license.id, with_user_id: friend.id }, owner.accessToken);
    await reserve(license.id, friend.id, 'friend-pc-fp', 'friend-pc');

    const ownerPage = await openLicenses(owner);
    expect(await detail(ownerPage, license.id, 'Machine').innerText()).toBe('friend-pc (Test User)');

    const page = await openLicenses(friend);
    await card(page, license.id).getByText('Shared by Test User', { exact: true }).waitFor();
    expect(await card(page, license.id).getByRole('button').allInnerTexts()).toEqual(['Return']);
    await button(page, license.id, 'Return').click();
    await answerConfirmation(page, `Return license ${license.id}?`, 'Return license');
    await notice(page, `License ${license.id} returned`);
    await detail(page, license.id, 'Machine').waitFor({ state: 'detached' });
    expect(await card(page, license.id).getByRole('button').count()).toBe(0);
  });
});

describe('when the license server does not answer', () => {
  it('says "No response from license server", for a network failure and for a 503', async () => {
    const user = await customer();
    const failures: [string, Parameters<Page['route']>[1]][] = [
      ['network failure', (route) => route.abort('connectionrefused')],
      [
        'HTTP 503',
        (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'The license store is not available, try again' }) }),
      ],
    ];
    for (const [name, failure] of failures) {
      const page = await openSignedIn(browser, user.username, user.password, '/profile');
      await page.route('**/api/lic/5', failure);
      await page.getByRole('link', { name: 'Licenses', exact: true }).click();
      await page.getByRole('alert').getByText('No response from license server', { exact: true }).waitFor();
      expect(await page.getByText('You have no licenses yet.', { exact: true }).count(), name).toBe(0);
    }
  });
});
