// test tenant: with the demo's volume
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { callApi, createConfirmedUser, signIn } from '../support/api';
import { answerConfirmation, openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';
import { declaredScreens, screensFor, visitScreen } from '../support/screens';

/**
 * Screenshots of every screen, light and dark, wide and narrow, for a person to look at
 * (SCREENSHOTS=1 npx vitest run --project stack test/e2e/screenshots.test.ts): every declared route as
 * each kind of user opens it (from the route declarations, so a new screen is in the moment it is
 * declared), then the screens in their other states. Written to the system's temporary folder, never to
 * the repository. Skipped in ordinary runs: it asserts nothing.
 */
const browser = useBrowser();
const dir = join(process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'portal-screenshots'));

const variants = [
  { name: 'wide-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: 'wide-dark', viewport: { width: 1280, height: 800 }, colorScheme: 'dark' },
  { name: 'narrow-light', viewport: { width: 390, height: 844 }, colorScheme: 'light' },
  { name: 'narrow-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

const shot = (page: Page, screen: string, variant: string) =>
  page.screenshot({ path: join(dir, `${screen}-${variant}.png`), fullPage: true });

/** A file name for a screen: its path without slashes ("alllicenses-41"). */
const slug = (path: string) => path.replace(/^\//, '').replace(/[^\w]+/g, '-') || 'root';

describe.skipIf(!process.env.SCREENSHOTS)('screenshots', () => {
  it.each(variants)('every declared screen ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const demo = await withUserId(await signIn('demo', inject('demoPassword')));
    const screens = await declaredScreens({ id: demo.id });
    const legacyUser = await createConfirmedUser().then(withUserId);
    const admin = await signIn('admin', inject('demoPassword'), inject('demoAdminTotpSecret'));
    await callApi('user', { cmd: 'set_user_legacy', user_id: legacyUser.id, legacy: true }, admin.accessToken);

    const signedOut = await browser.newPage({ viewport, colorScheme });
    await signedOut.goto('/signin');
    const viewers = [
      { who: 'signed-out', page: signedOut, access: ['signed-out', 'public'] as const },
      { who: 'customer', page: await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile', { viewport, colorScheme }), access: ['signed-in'] as const },
      { who: 'legacy', page: await openSignedIn(browser, legacyUser.username, legacyUser.password, '/profile', { viewport, colorScheme }), access: ['legacy'] as const },
      { who: 'admin', page: await openSignedIn(browser, 'admin', inject('demoPassword'), '/profile', { viewport, colorScheme }), access: ['admin'] as const },
    ];
    for (const { who, page, access } of viewers) {
      for (const screen of screensFor(screens, [...access])) {
        await visitScreen(page, screen);
        await shot(page, `${who}-${slug(screen.path)}`, name);
      }
    }
  });

  it.each(variants)('signed-out screens ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const page = await browser.newPage({ viewport, colorScheme });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await shot(page, 'signin', name);

    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await page.getByLabel(/^Username/).fill('Bad Name');
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel(/^Confirm password/).fill('other');
    await page.getByLabel(/^Email/).fill('nope');
    await page.getByLabel(/^First name/).focus();
    await shot(page, 'register-invalid', name);

    await page.goto('/verify?username=dana');
    await page.getByRole('heading', { name: 'Verify account' }).waitFor();
    await page.getByLabel(/^Verification code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    await shot(page, 'verify-error', name);

    await page.goto('/forgotpassword');
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await shot(page, 'forgotpassword', name);

    await page.goto('/recoverpassword?username=dana');
    await page.getByRole('heading', { name: 'Recover password' }).waitFor();
    await page.getByLabel(/^New password/).fill('');
    await page.getByLabel(/^Code/).focus();
    await shot(page, 'recoverpassword', name);
  });

  it.each(variants)('signed-in screens ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/changepassword', { viewport, colorScheme });
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByLabel(/^New password/).fill('weak');
    await page.getByLabel(/^Confirm password/).focus();
    await shot(page, 'changepassword', name);

    await page.goto('/profile');
    await page.getByLabel(/^First name/).waitFor();
    await shot(page, 'profile', name);

    await page.goto('/deleteaccount');
    await page.getByRole('button', { name: 'Request deletion of account' }).waitFor();
    await shot(page, 'deleteaccount', name);

    await page.goto('/ssosignin?sso=YWJj&sig=00');
    await page.getByRole('alert').waitFor();
    await shot(page, 'ssosignin-error', name);

    await page.goto('/users');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await shot(page, 'users', name);
    if (viewport.width < 640) {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'visible' });
      await page.waitForTimeout(300);
      await shot(page, 'menu-open', name);
    }
  });

  it.each(variants.slice(0, 3))('delete account confirmation ($name)', async ({ name, viewport, colorScheme }) => {
    const { createConfirmedUser } = await import('../support/api');
    const user = await createConfirmedUser();
    const page = await openSignedIn(browser, user.username, user.password, '/deleteaccount', { viewport, colorScheme });
    await page.getByRole('button', { name: 'Request deletion of account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await page.waitForTimeout(300); // its opening transition
    await shot(page, 'deleteaccount-confirm', name);
    await answerConfirmation(page, 'Delete your account?', 'Request deletion');
    await page.getByText('Your account will be deleted within two working days.').waitFor();
    await shot(page, 'deleteaccount-done', name);
  });

  it.each(variants)('licenses ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const { asUnit, callApi, createConfirmedUser } = await import('../support/api');
    const { createLicense } = await import('../../functions/domain/licenses/licenses.repository');
    const withId = async () => {
      const user = await createConfirmedUser();
      const profile = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
      return { ...user, id: (profile.body.data as { id: number }).id };
    };
    const [user, other] = await Promise.all([withId(), withId()]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const store = (fields: Partial<Parameters<typeof createLicense>[0]>) =>
      asUnit({ endpoint: 'lic' }, () =>
        createLicense({ user_id: user.id, license_type_id: 'Automation', valid_from: day(-100), valid_to: day(200), ...fields }),
      );
    await store({ license_type_id: 'Log', valid_to: day(-5) });
    await store({ license_type_id: 'All', valid_to: undefined, enabled: false });
    await store({ license_type_id: 'Battery', hid: 'OTII-DONGLE-0001' });
    await store({ license_type_id: 'Pro', subscription_id: 1, subscription_state: 'active', addons: [{ id: 'BatteryValidation', channels: 4 }] });
    const shared = await asUnit({ endpoint: 'lic' }, () =>
      createLicense({ user_id: other.id, license_type_id: 'Enterprise', valid_from: day(-10), valid_to: day(20) }),
    );
    await callApi('lic/5', { cmd: 'share_license', license_id: shared.id, with_user_id: user.id }, other.accessToken);
    const moving = await store({ license_type_id: 'Battery', valid_to: day(10) });
    const sharing = await store({});
    await callApi('lic/5', { cmd: 'share_license', license_id: sharing.id, with_user_id: other.id }, user.accessToken);

    const page = await openSignedIn(browser, user.username, user.password, '/licenses', { viewport, colorScheme });
    await page.getByRole('article').first().waitFor();
    await shot(page, 'licenses', name);

    const card = (id: number) => page.getByRole('article', { name: `License ${id}`, exact: true });
    await card(moving.id).getByRole('button', { name: 'Move', exact: true }).click();
    await card(moving.id).getByLabel('Move to user id').fill('12x');
    await card(moving.id).getByLabel('Move to user id').blur();
    await card(sharing.id).scrollIntoViewIfNeeded();
    await shot(page, 'licenses-move', name);

    // Moving asks first.
    await card(moving.id).getByLabel('Move to user id').fill(String(other.id));
    await card(moving.id).getByLabel(/^Their email/).fill(other.email);
    await card(moving.id).getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByRole('dialog', { name: `Move license ${moving.id} to Test User (user ${other.id})?` }).waitFor();
    await page.waitForTimeout(300); // its opening transition
    await shot(page, 'licenses-move-confirm', name);
    await answerConfirmation(page, `Move license ${moving.id} to Test User (user ${other.id})?`, 'Cancel');

    await card(sharing.id).getByRole('button', { name: 'Share', exact: true }).click();
    await card(sharing.id).getByRole('button', { name: /^Stop sharing with user/ }).waitFor();
    await shot(page, 'licenses-share', name);

    // An action's result, in view where the user is.
    await card(sharing.id).getByRole('button', { name: /^Stop sharing with user/ }).click();
    await page.getByRole('status').getByText(`License ${sharing.id} no longer shared with user ${other.id}`).waitFor();
    await page.waitForTimeout(300); // its opening transition
    await shot(page, 'licenses-result', name);
  });

  it.each(variants)('admin licenses ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const { createAdminUser, createConfirmedUser } = await import('../support/api');
    const { storeLicense, withUserId } = await import('../support/licenses');
    const [admin, user] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const store = (fields: Parameters<typeof storeLicense>[1]) => storeLicense(user.id, { valid_from: day(-100), valid_to: day(200), ...fields });
    await store({ license_type_id: 'Battery', valid_to: day(10) });
    await store({ license_type_id: 'All', valid_to: undefined, enabled: false });
    await store({ license_type_id: 'Battery', hid: `SHOT-DONGLE-${name}` });
    await store({ reservation: { reserved_to: user.id, fingerprint: 'shot-fp', hostname: 'lab-workstation' } });
    await store({ license_type_id: 'Pro', subscription_id: 4, subscription_state: 'active', valid_to: day(20) });
    await store({ license_type_id: 'Log', valid_to: day(-3) });
    const pro = await store({ license_type_id: 'Pro', addons: [{ id: 'Automation' }, { id: 'BatteryValidation', channels: 8 }] });

    const page = await openSignedIn(browser, admin.username, admin.password, '/alllicenses', { viewport, colorScheme, totpSecret: admin.totpSecret });
    await page.getByRole('table', { name: 'Licenses' }).waitFor();
    await shot(page, 'alllicenses', name);

    await page.getByLabel('User', { exact: true }).fill(String(user.id));
    await page.getByText('6 licenses', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Actions for license ${pro.id}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'alllicenses-actions', name);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Channels').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'alllicenses-edit', name);

    await page.goto(`/alllicenses/${user.id}`);
    await page.getByRole('table', { name: 'Licenses' }).waitFor();
    await shot(page, 'alllicenses-user', name);
    await page.getByRole('button', { name: 'Add new license' }).click();
    await page.getByRole('dialog').getByLabel('Valid to').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'alllicenses-user-add', name);
    // A date field's calendar, opened by a click on the field.
    await page.getByRole('dialog').getByLabel('Valid from').click();
    await page.getByRole('button', { name: 'Next month' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'alllicenses-user-add-calendar', name);

    await page.goto('/dongles');
    await page.getByRole('table', { name: 'Dongles' }).waitFor();
    await shot(page, 'dongles', name);
  });

  it.each(variants)('iv curves ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const { createAdminUser, createConfirmedUser } = await import('../support/api');
    const { curveFile, curveText, uploadCurve } = await import('../support/iv-curves');
    const [admin, user] = await Promise.all([createAdminUser(), createConfirmedUser()]);
    await uploadCurve(admin.accessToken, curveFile(curveText({ manufacturer: 'Reference Cells', model: `RC-${name}` })), { public: true });
    await uploadCurve(user.accessToken, curveFile(curveText({ manufacturer: 'Acme Solar', model: 'SC-100' })));
    await uploadCurve(user.accessToken, curveFile(curveText({ manufacturer: 'Helios', model: 'HX-7', unit: 'uA' })));

    const page = await openSignedIn(browser, user.username, user.password, '/ivcurves', { viewport, colorScheme });
    await page.getByRole('table', { name: 'IV curves' }).waitFor();
    await shot(page, 'ivcurves', name);

    await page.getByRole('button', { name: /^Update IV curve/ }).first().click();
    await page.getByRole('heading', { name: /^Update IV curve/ }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /^Curve file/ }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]) });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await shot(page, 'ivcurves-update-error', name);

    const adminPage = await openSignedIn(browser, admin.username, admin.password, '/ivcurves', { viewport, colorScheme, totpSecret: admin.totpSecret });
    await adminPage.getByRole('table', { name: 'IV curves' }).waitFor();
    await adminPage.getByRole('button', { name: 'File format' }).click();
    await adminPage.getByText('voltage,current', { exact: false }).first().waitFor();
    await adminPage.waitForTimeout(300);
    await shot(adminPage, 'ivcurves-admin', name);
  });

  it.each(variants)('download screens ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/download', { viewport, colorScheme });
    await page.getByRole('heading', { name: 'Releases', exact: true }).waitFor();
    await shot(page, 'download', name);
    await page.getByRole('checkbox', { name: 'I accept the End User License Agreement' }).check();
    await page.locator('a[href^="/downloads/"]').first().waitFor();
    await shot(page, 'download-eula-ticked', name);
    await page.goto('/firmware');
    await page.getByRole('heading', { name: 'Arc', exact: true }).waitFor();
    await shot(page, 'firmware', name);
    await page.goto('/download?version=0.0.1');
    await page.getByText('Version 0.0.1 is not available', { exact: true }).waitFor();
    await shot(page, 'download-unknown-version', name);
  });

  it.each(variants)('product screens ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const demo = await openSignedIn(browser, 'demo', inject('demoPassword'), '/myproducts', { viewport, colorScheme });
    await demo.getByRole('table', { name: 'My products' }).waitFor();
    await shot(demo, 'myproducts', name);
    await demo.getByRole('button', { name: 'Request calibration certificate' }).first().click();
    await demo.getByRole('dialog').waitFor();
    // Only the picture waits for the dialog's opening transition to end.
    await demo.waitForTimeout(400);
    await shot(demo, 'myproducts-certificate', name);
    const admin = await openSignedIn(browser, 'admin', inject('demoPassword'), '/allproducts', { viewport, colorScheme });
    await admin.getByRole('table', { name: 'Registered products' }).waitFor();
    await shot(admin, 'allproducts', name);
    await admin.goto('/devices');
    const table = admin.getByRole('table', { name: 'Produced hardware' });
    await table.waitFor();
    await table.locator('tbody tr').first().getByRole('button').click();
    // The unit's certificate and calibration rows, or the line saying it has neither.
    await table.locator('tr[data-event]').first().or(table.getByText('Neither labeled nor calibrated yet.')).waitFor();
    await shot(admin, 'devices', name);
  });

  it.each(variants)('admin lists with rows ($name)', async ({ name, viewport, colorScheme }) => {
    mkdirSync(dir, { recursive: true });
    const { sandboxOrder } = await import('../support/commerce');
    const { licCall } = await import('../support/licenses');
    const [admin, customer] = await Promise.all([
      signIn('admin', inject('demoPassword'), inject('demoAdminTotpSecret')),
      createConfirmedUser().then(withUserId),
    ]);
    // License codes: single-use ones with a long description, a campaign code one user redeemed.
    await licCall(admin.accessToken, 'create_license_codes', {
      license_type_id: 'Automation',
      single_usage: true,
      count: 3,
      duration: 'P6M',
      description: 'Trade fair 2026: single-use codes for the visitors of the booth',
    });
    const campaign = `SHOT-${uniqueSuffix()}`;
    await licCall(admin.accessToken, 'create_license_codes', {
      license_type_id: 'Enterprise',
      single_usage: false,
      code: campaign,
      duration: 'P1Y',
      description: 'Campaign',
      valid_from: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
      valid_to: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    await licCall(customer.accessToken, 'redeem_license_code', { code: campaign });
    // A subscription bought through the checkout sandbox (a Pro license and its subscription record).
    await sandboxOrder(customer.id, [{ path: 'pro-yearly', quantity: 1 }], customer.email);

    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/listcodes', { viewport, colorScheme });
    await page.getByRole('table', { name: 'License codes' }).getByText(campaign).waitFor();
    await shot(page, 'listcodes-rows', name);
    // Newest first: the customer's subscription is the top row.
    await page.goto('/subscriptions');
    await page.getByRole('table', { name: 'Subscriptions' }).getByText(customer.email).first().waitFor();
    await shot(page, 'subscriptions-rows', name);
  });
});
