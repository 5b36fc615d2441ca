import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { createLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { asUnit, callApi, createAdminUserWithoutMfa, createConfirmedUser } from '../support/api';
import { expectAccessibleInBothSchemes } from '../support/axe';
import { answerConfirmation, openSignedIn, signInWith, uniqueSuffix, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';

/**
 * The states a screen can be in (a form with errors, a dialog or menu open, a phone's width), each set
 * up once and checked with axe-core's WCAG 2.1 A/AA rules in both colour schemes; every declared screen
 * as it first shows is accessibility.test.ts. The demo accounts are only looked at: the forms submitted
 * are fresh users' own.
 */
const browser = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Stores a license of `userId` (an Automation license with 200 days left, unless told). */
const licenseOf = (userId: number) => (fields: Partial<NewLicense>) =>
  asUnit({ endpoint: 'lic' }, () => createLicense({ user_id: userId, license_type_id: 'Automation', valid_from: day(-100), valid_to: day(200), ...fields }));

/** A form field by its label; a required field's label ends in an asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Waits for a field to show its error (Mantine marks a PasswordInput with data-invalid, not aria-invalid). */
const fieldError = (page: Page, label: string) =>
  field(page, label).and(page.locator('[aria-invalid="true"], [data-invalid]')).waitFor();

/** The license list is in: a license's card, or the text of an empty list. */
const licensesLoaded = (page: Page) =>
  page.getByRole('article').first().or(page.getByText('You have no licenses yet.', { exact: true })).waitFor();

// Each test checks several screens in both schemes: a hang guard of a few minutes, not a measure of speed.
describe('screens in their other states, light and dark', { timeout: 240_000 }, () => {
  it('signed out: /register with validation errors, /signin with the error banner', async () => {
    const page = await browser.newPage();
    await page.goto('/register');
    await heading(page, 'Create account');
    // A field's rule is checked when it loses focus: each wrong value is left for the next field.
    const wrong = [
      ['Username', 'Not Valid', 'Password'],
      ['Password', 'short', 'Confirm password'],
      ['Email', 'x', 'First name'],
    ] as const;
    for (const [label, value, next] of wrong) {
      await field(page, label).fill(value);
      await field(page, next).focus();
      await fieldError(page, label);
    }
    await expectAccessibleInBothSchemes(page, '/register with errors');

    // An unknown user: the red error string at the top of the page, and no demo account is touched.
    await page.goto('/signin');
    await signInWith(page, `nobody${uniqueSuffix()}`, 'Wr0ngPassword');
    await page.getByRole('alert').waitFor();
    await expectAccessibleInBothSchemes(page, '/signin with an error');
  });

  it('signed in as a fresh user: the profile saved, with a field error, and the downloads with the EULA ticked', async () => {
    // Only saving shows the green confirmation, so the profile saved is this test's own user's.
    const user = await createConfirmedUser();
    const page = await openSignedIn(browser, user.username, user.password, '/profile');
    await field(page, 'First name').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').waitFor();
    await expectAccessibleInBothSchemes(page, '/profile saved');

    await field(page, 'First name').fill('');
    await fieldError(page, 'First name');
    await expectAccessibleInBothSchemes(page, '/profile with an error');

    // The download buttons once the EULA is ticked (a fresh user's acceptance): their captions in the
    // button's colour, on the software and the firmware page.
    await page.goto('/download');
    await page.getByRole('checkbox', { name: 'I accept the End User License Agreement' }).check();
    await page.locator('a[href^="/downloads/"]').first().waitFor();
    await expectAccessibleInBothSchemes(page, '/download with the EULA ticked');
    await page.goto('/firmware');
    await page.getByRole('checkbox', { name: 'I accept the End User License Agreement' }).check();
    await page.locator('a[href^="/downloads/"]').first().waitFor();
    await expectAccessibleInBothSchemes(page, '/firmware with the EULA ticked');
  });

  it('signed in as a fresh user with licenses in every state: /licenses, on a phone, with its Move and Share forms open', async () => {
    // The licenses are this test's own user's, so its forms can be opened and submitted.
    const [user, other] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const license = licenseOf(user.id);
    await license({ license_type_id: 'Battery', valid_to: day(10) });
    await license({ license_type_id: 'Log', valid_to: day(-5) });
    await license({ license_type_id: 'All', valid_to: undefined, enabled: false });
    await license({ license_type_id: 'Battery', hid: 'A11Y-DONGLE' });
    await license({ license_type_id: 'Pro', subscription_id: 1, subscription_state: 'active', addons: [{ id: 'BatteryValidation', channels: 4 }] });
    await license({ license_type_id: 'Pro', subscription_id: 2, subscription_state: 'canceled', valid_to: day(12) });
    const sharedToUser = await asUnit({ endpoint: 'lic' }, () =>
      createLicense({ user_id: other.id, license_type_id: 'Enterprise', valid_from: day(-10), valid_to: day(300) }),
    );
    await callApi('lic/5', { cmd: 'share_license', license_id: sharedToUser.id, with_user_id: user.id }, other.accessToken);
    const plain = await license({});

    const page = await openSignedIn(browser, user.username, user.password, '/licenses', { viewport: { width: 390, height: 844 } });
    await heading(page, 'Licenses');
    await licensesLoaded(page);
    await page.getByText('Expired 5 days ago', { exact: true }).waitFor();
    await expectAccessibleInBothSchemes(page, '/licenses on a phone');

    const card = page.getByRole('article', { name: `License ${plain.id}`, exact: true });
    await card.getByRole('button', { name: 'Move', exact: true }).click();
    await field(page, 'Move to user id').fill('not a user');
    await field(page, 'Move to user id').blur();
    await fieldError(page, 'Move to user id');
    await expectAccessibleInBothSchemes(page, '/licenses, Move form with an error');

    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await field(page, 'Share with user id').fill(String(other.id));
    await card.getByLabel(/^Their email/).fill(other.email);
    await card.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('dialog', { name: `Share license ${plain.id} with Test User (user ${other.id})?` }).waitFor();
    await expectAccessibleInBothSchemes(page, '/licenses, Share confirm naming the recipient');
    await page.getByRole('dialog').getByRole('button', { name: 'Share license', exact: true }).click();
    await page.getByRole('status').getByText(`License ${plain.id} shared with user ${other.id}`).waitFor();
    await card.getByRole('button', { name: `Stop sharing with user ${other.id}` }).waitFor();
    await expectAccessibleInBothSchemes(page, '/licenses, Share form with a shared user');
  });

  it('signed in as a fresh user with IV curves: /ivcurves with its table, a file too large, the update form with a refused file', async () => {
    const { curveFile, curveText, uploadCurve } = await import('../support/iv-curves');
    const user = await createConfirmedUser();
    await uploadCurve(user.accessToken, curveFile(curveText({ model: 'A11Y-1' })));
    await uploadCurve(user.accessToken, curveFile(curveText({ model: 'A11Y-2', unit: 'uA' })));
    const page = await openSignedIn(browser, user.username, user.password, '/ivcurves');
    await heading(page, 'IV Curves');
    await page.getByRole('table', { name: 'IV curves' }).getByText('A11Y-2').waitFor();
    await expectAccessibleInBothSchemes(page, '/ivcurves with curves');

    const choose = async (name: string, buffer: Buffer) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: /^Curve file/ }).click();
      await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer });
    };
    await choose('huge.csv', Buffer.alloc(1024 * 1024 + 1, 0x30));
    await page.getByText('The file is larger than 1 MB', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'File format' }).click();
    await page.getByText('voltage,current', { exact: false }).first().waitFor();
    await expectAccessibleInBothSchemes(page, '/ivcurves, a file too large and the format open');

    await page.getByRole('button', { name: /^Update IV curve/ }).first().click();
    await page.getByRole('heading', { name: /^Update IV curve/ }).waitFor();
    await choose('notes.csv', Buffer.from('not a curve'));
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await expectAccessibleInBothSchemes(page, '/ivcurves, the update form with a refused file');
  });

  it('signed in as the demo admin: /alllicenses with a row’s actions and Edit open, a user’s detail with Add new license open', async () => {
    // The licenses are this test's own customer's, so the admin's dialogs open on known rows; the admin
    // only opens them (Cancel), so the demo admin serves.
    const [user, other] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const license = licenseOf(user.id);
    await license({ license_type_id: 'Battery', valid_to: day(10) });
    await license({ license_type_id: 'All', valid_to: undefined, enabled: false });
    await license({ license_type_id: 'Battery', hid: `A11Y-DONGLE-${uniqueSuffix()}` });
    const held = await license({ reservation: { reserved_to: user.id, fingerprint: 'a11y-fp', hostname: 'a11y-pc' } });
    await license({ license_type_id: 'Pro', subscription_id: 3, subscription_state: 'active', valid_to: day(20) });
    const shared = await license({});
    await callApi('lic/5', { cmd: 'share_license', license_id: shared.id, with_user_id: other.id }, user.accessToken);
    const pro = await license({ license_type_id: 'Pro', addons: [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 4 }] });

    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/alllicenses');
    await heading(page, 'All licenses');
    await field(page, 'User').fill(String(user.id));
    await page.getByText('7 licenses', { exact: true }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses with one user’s licenses');
    // On a phone the table scrolls sideways in a named, focusable box, its actions pinned over the other columns.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Licenses (scrolls sideways)' }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses on a phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('button', { name: `Actions for license ${pro.id}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses, a row’s actions');
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit license ${pro.id}` });
    await edit.getByLabel('Channels').waitFor();
    await edit.getByLabel('Valid to').fill('2027-13-01');
    await edit.getByText('Not a real date').waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses, Edit with an error');
    // The date field's calendar, opened by a click; Escape closes it and leaves the dialog open.
    await edit.getByLabel('Valid to').click();
    await page.getByRole('button', { name: 'Next month' }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses, Edit with a date field’s calendar open');
    await edit.getByLabel('Valid to').press('Escape');
    await page.getByRole('button', { name: 'Next month' }).waitFor({ state: 'detached' });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // What an action that cannot be taken back asks first (only opened: Cancel).
    await page.getByRole('button', { name: `Actions for license ${held.id}` }).click();
    await page.getByRole('menuitem', { name: 'Release' }).click();
    await page.getByRole('dialog', { name: `Release license ${held.id}?` }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses, Release asking first');
    await answerConfirmation(page, `Release license ${held.id}?`, 'Cancel');

    // A license's History (its owner's share): a named dialog holding a list of changes.
    await page.getByRole('button', { name: `Actions for license ${shared.id}` }).click();
    await page.getByRole('menuitem', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: `History of license ${shared.id}` });
    await history.getByRole('listitem').getByText(/^Shared with /).first().waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses, a license’s History');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    await page.goto(`/alllicenses/${user.id}`);
    await heading(page, 'User details');
    await page.getByRole('table', { name: 'Licenses' }).waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses/{id} with licenses');
    await page.getByRole('button', { name: 'Add new license' }).click();
    const add = page.getByRole('dialog', { name: 'Add new license' });
    await add.getByRole('combobox', { name: 'License type' }).click();
    await page.getByRole('option', { name: 'Pro', exact: true }).click();
    await add.getByRole('checkbox', { name: 'BVT' }).check();
    await add.getByLabel('Channels').waitFor();
    await expectAccessibleInBothSchemes(page, '/alllicenses/{id}, Add new license');
  });

  it('two-factor sign-in: the code step of a sign-in, and an admin without an authenticator shown its set-up', async () => {
    const admin = await createAdminUserWithoutMfa();
    const page = await openSignedIn(browser, admin.username, admin.password, '/users');
    await heading(page, 'Two-factor sign-in');
    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessibleInBothSchemes(page, 'authenticator set-up');

    const signInPage = await browser.newPage();
    await signInPage.goto('/signin');
    await signInWith(signInPage, 'admin', inject('demoPassword'));
    await signInPage.getByLabel('Authentication code', { exact: true }).waitFor();
    await expectAccessibleInBothSchemes(signInPage, '/signin code step');
  });

  it('signed in as the demo customer: the mobile menu, opened', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile', { viewport: { width: 390, height: 844 } });
    await heading(page, 'Profile');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Sign Out' }).waitFor({ state: 'visible' });
    await expectAccessibleInBothSchemes(page, 'mobile menu');
  });
});
