import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { codeMessages } from '../../shared/commerce/codes';
import type { LicenseRow } from '../../shared/contract/lic';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { expectAccessibleInBothSchemes } from '../support/axe';
import { openSignedIn, useBrowser } from '../support/browser';
import { licCall, storeLicense, withUserId } from '../support/licenses';

/**
 * Buying, clicked through as a customer would, against the local checkout sandbox (the stand-in for the
 * provider's popup at /local/checkout, whose orders reach the portal as signed webhooks): the cart on
 * /licenses and its popup (a refused, an abandoned and a completed order, the provider's pinned script), a
 * license code, and the Buy legacy licenses screen. The screens' own rules (the code field's messages, the
 * completed order's notice) are component tests (web/test/screens/licenses); `redirect` on /licenses is
 * test/e2e/redirects. Each test makes its own users.
 */
const browser = useBrowser();

type Customer = Awaited<ReturnType<typeof createConfirmedUser>> & { id: number };
const customer = (): Promise<Customer> => createConfirmedUser().then(withUserId);

const openAs = (user: { username: string; password: string }, path: string, options: Parameters<typeof openSignedIn>[4] = {}) =>
  openSignedIn(browser, user.username, user.password, path, options);

/** The sandbox's products and prices, as its popup and the portal's cart see them. */
interface Catalogue {
  currency: string;
  taxRate: number;
  products: { path: string; display: string; price: number }[];
}
async function catalogue(page: Page): Promise<Catalogue> {
  const response = await page.request.get('/local/checkout/catalogue');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Catalogue;
}

/** What the cart should say for `lines` (path → quantity): its tax and total as the provider formats them. */
function expectedTotals(shop: Catalogue, lines: Record<string, number>) {
  const cents = (path: string) => Math.round((shop.products.find((product) => product.path === path)?.price ?? NaN) * 100);
  const subtotal = Object.entries(lines).reduce((sum, [path, quantity]) => sum + cents(path) * quantity, 0);
  const tax = Math.round(subtotal * shop.taxRate);
  const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: shop.currency }).format(value / 100);
  return { tax: money(tax), total: money(subtotal + tax) };
}

const quantity = (page: Page, label: string) => page.getByLabel(`Quantity of ${label}`, { exact: true });
const toolboxYearly = 'Automation and Battery toolbox, yearly subscription';
const proPerpetual = 'Pro, perpetual';
const automationAddonPerpetual = 'Automation add-on, perpetual';

const cart = (page: Page) => page.getByRole('region', { name: 'Cart', exact: true });
const amount = (page: Page, label: 'Tax' | 'Total') => cart(page).locator(`[data-amount="${label}"]`);
const popup = (page: Page) => page.getByRole('dialog', { name: 'Sandbox checkout' });

/** Sets quantities one after another and waits until the cart counts them all. */
async function fillCart(page: Page, lines: Record<string, number>) {
  for (const [label, count] of Object.entries(lines)) await quantity(page, label).fill(String(count));
  const items = Object.values(lines).reduce((sum, count) => sum + count, 0);
  await cart(page).getByText(`${items} ${items === 1 ? 'item' : 'items'}`, { exact: true }).waitFor();
}

/** A license's card on /licenses, and one of its details (Type, Add-ons …) by its label. */
const card = (page: Page, id: number) => page.getByRole('article', { name: `License ${id}`, exact: true });
const detail = (page: Page, id: number, label: string) =>
  card(page, id).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** The green confirmation at the top of the page. */
const notice = (page: Page, text: string | RegExp) =>
  page.getByRole('status').getByText(text, typeof text === 'string' ? { exact: true } : {}).waitFor();

const licensesOf = async (user: { accessToken: string }): Promise<LicenseRow[]> =>
  ((await licCall(user.accessToken, 'get_licenses')).body.data as { licenses: LicenseRow[] }).licenses;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inOneYear = (from: string) => `${Number(from.slice(0, 4)) + 1}${from.slice(4, 10)}`;

describe('buying on /licenses', () => {
  it('buys two toolboxes and a Pro with the Automation add-on through the popup after a refused and an abandoned try, from a pinned script', async () => {
    const user = await customer();
    const page = await openAs(user, '/licenses');
    await page.getByText('You have no licenses yet.', { exact: true }).waitFor();
    const shop = await catalogue(page);
    // The provider's script is pinned: integrity and crossorigin.
    const script = page.locator('script#fsc-api');
    expect(await script.getAttribute('integrity')).toMatch(/^sha384-[A-Za-z0-9+/]+=*$/);
    expect(await script.getAttribute('crossorigin')).toBe('anonymous');

    // Every line starts at 0 and takes 0 to 10.
    expect(await quantity(page, toolboxYearly).inputValue()).toBe('0');
    await cart(page).getByText('Your cart is empty.', { exact: true }).waitFor();
    expect(await cart(page).getByRole('button', { name: 'Checkout' }).isDisabled()).toBe(true);
    await fillCart(page, { [toolboxYearly]: 2, [proPerpetual]: 1, [automationAddonPerpetual]: 1 });
    const totals = expectedTotals(shop, {
      'automation-battery-toolbox-yearly': 2,
      'pro-perpetual': 1,
      'automation-addon-perpetual': 1,
    });
    await expect.poll(() => amount(page, 'Total').innerText()).toBe(totals.total);
    expect(await amount(page, 'Tax').innerText()).toBe(totals.tax);

    // A refused order shows in the popup, which stays open; closing it keeps the cart and creates nothing.
    await page.route('**/local/checkout/orders', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Sandbox refused the order' }) }),
    );
    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    await popup(page).getByRole('button', { name: 'Complete order' }).click();
    await popup(page).getByRole('alert').getByText('Sandbox refused the order', { exact: true }).waitFor();
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await page.unroute('**/local/checkout/orders');
    // Abandoned with Escape too: the cart still holds what it held.
    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    await popup(page).waitFor();
    await page.keyboard.press('Escape');
    await popup(page).waitFor({ state: 'detached' });
    expect(await amount(page, 'Total').innerText()).toBe(totals.total);
    expect(await quantity(page, toolboxYearly).inputValue()).toBe('2');
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await licensesOf(user)).toEqual([]);

    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    const dialog = popup(page);
    await dialog.waitFor();
    // The popup shows the lines, the totals and the buyer the portal recognized from the profile.
    await dialog.getByText('Automation and Battery toolbox', { exact: false }).first().waitFor();
    await dialog.getByText(user.email, { exact: true }).waitFor();
    await dialog.getByText('Test User', { exact: true }).waitFor();
    await dialog.getByText(totals.total, { exact: true }).last().waitFor();
    await dialog.getByRole('button', { name: 'Complete order' }).click();

    await dialog.waitFor({ state: 'detached' });
    await notice(page, /^Order .+ is complete: thank you for your purchase$/);
    await page.getByRole('article').nth(2).waitFor();

    const bought = await licensesOf(user);
    expect(bought.map((license) => license.license_type_id).sort()).toEqual(['All', 'All', 'Pro']);
    const pro = bought.find((license) => license.license_type_id === 'Pro');
    expect(pro?.addons.map((addon) => addon.id)).toEqual(['Automation']);
    expect(pro?.valid_to).toBeNull();
    for (const toolbox of bought.filter((license) => license.license_type_id === 'All')) {
      expect(await detail(page, toolbox.id, 'Type').innerText()).toBe('All');
      expect(toolbox.subscription_id).not.toBeNull();
    }
    expect(await detail(page, pro!.id, 'Type').innerText()).toBe('Pro');
    expect(await detail(page, pro!.id, 'Add-ons').innerText()).toBe('Automation');

    // The completed order emptied the cart.
    await cart(page).getByText('Your cart is empty.', { exact: true }).waitFor();
    await expect.poll(() => quantity(page, toolboxYearly).inputValue()).toBe('0');
    expect(browser.pageErrors()).toEqual([]);

    // The same script with one byte more: the browser refuses to run it, so buying is not offered.
    const tampered = await openAs(user, '/profile');
    await tampered.route('**/local/checkout/builder.js', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n;window.tampered = true;` });
    });
    await tampered.getByRole('link', { name: 'Licenses', exact: true }).click();
    await tampered.getByRole('alert').getByText('The checkout cannot be loaded, try again later', { exact: true }).waitFor();
    expect(await tampered.evaluate(() => ({ ran: 'tampered' in window, builder: 'fastspring' in window }))).toEqual({ ran: false, builder: false });
    expect(await cart(tampered).count()).toBe(0);
  });

});

describe('Buy legacy licenses', () => {
  it('redeems a license code; is in the menu only for a legacy user, who buys a Year 1 item and the upgrade their license is marked for', async () => {
    const [admin, user] = await Promise.all([createAdminUser(), customer()]);
    const menuLink = (page: Page) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Buy legacy licenses' });

    const created = await callApi(
      'lic/5',
      { cmd: 'create_license_codes', license_type_id: 'Battery', single_usage: true, description: 'e2e', count: 1, duration: 'P1M' },
      admin.accessToken,
    );
    expect(created.status).toBe(200);
    const [code] = (created.body.data as { codes: string[] }).codes;

    let page = await openAs(user, '/licenses');
    await page.getByRole('heading', { name: 'Your licenses' }).waitFor();
    expect(await menuLink(page).count()).toBe(0);

    // A license code: an unknown one is refused with the server's message, a real one gives its license.
    const field = page.getByLabel('License code', { exact: true });
    const redeem = page.getByRole('button', { name: 'Redeem', exact: true });
    await field.fill('NOSUCH-CODE');
    await redeem.click();
    await page.getByRole('alert').getByText(codeMessages.notValid, { exact: true }).waitFor();
    await field.fill(code!);
    await redeem.click();
    await notice(page, /^License code redeemed: license \d+ is yours$/);
    const [redeemed] = await licensesOf(user);
    expect(redeemed?.license_type_id).toBe('Battery');
    await notice(page, codeMessages.redeemed(redeemed!.id));
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await detail(page, redeemed!.id, 'Type').innerText()).toBe('Battery');
    await expect.poll(() => field.inputValue()).toBe('');

    // Not a legacy user: /legacy is not theirs.
    await page.goto('/legacy');
    await page.waitForURL((url) => url.pathname === '/download');

    expect((await callApi('user', { cmd: 'set_user_legacy', user_id: user.id, legacy: true }, admin.accessToken)).status).toBe(200);
    const marked = await storeLicense(user.id, { license_type_id: 'All', license_usage_id: 1, valid_from: day(-300), valid_to: day(60) });
    const mark = await licCall(admin.accessToken, 'update_license_to_fastspring', { license_id: marked.id, product: 'legacy-all-pack-year-2' });
    expect(mark.status).toBe(200);

    page = await openAs(user, '/licenses');
    await menuLink(page).click();
    await page.waitForURL((url) => url.pathname === '/legacy');
    await page.getByRole('heading', { name: 'Buy legacy licenses', level: 2 }).waitFor();

    // The upgrade is offered as often as the user has licenses marked for it, and names them.
    const upgrade = quantity(page, 'All Pack upgrade (Year 2), 1 year');
    await upgrade.waitFor();
    await page.getByRole('list', { name: 'Licenses for All Pack upgrade (Year 2)' }).getByText(`License ${marked.id}: All, valid to ${day(60)}`).waitFor();
    await upgrade.fill('5');
    await expect.poll(() => upgrade.inputValue()).not.toBe('5');
    await upgrade.fill('1');
    expect(await quantity(page, 'Automation upgrade (Year 2), 1 year').count()).toBe(0);

    await quantity(page, 'All Pack (Year 1), 1 year').fill('1');
    await cart(page).getByText('2 items', { exact: true }).waitFor();
    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    await popup(page).getByRole('button', { name: 'Complete order' }).click();
    await popup(page).waitFor({ state: 'detached' });
    await notice(page, /^Order .+ is complete/);

    const after = await licensesOf(user);
    const fresh = after.filter((license) => license.id !== marked.id && license.id !== redeemed!.id);
    expect(fresh.map((license) => [license.license_type_id, license.valid_to?.slice(0, 10)])).toEqual([['All', inOneYear(day(0))]]);
    const extended = after.find((license) => license.id === marked.id);
    expect(extended?.valid_to?.slice(0, 10)).toBe(inOneYear(day(60)));
    expect(extended?.to_fastspring_product).toBe('legacy-all-pack-year-3');
    // The next upgrade is offered now.
    await quantity(page, 'All Pack upgrade (Year 3), 1 year').waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('accessibility of the buying screens', () => {
  it('/licenses with a cart, the sandbox popup and /legacy, light and dark', async () => {
    const [admin, user] = await Promise.all([createAdminUser(), customer()]);
    await callApi('user', { cmd: 'set_user_legacy', user_id: user.id, legacy: true }, admin.accessToken);
    const old = await storeLicense(user.id, { license_type_id: 'Battery', license_usage_id: 1, valid_from: day(-300), valid_to: day(40) });
    await licCall(admin.accessToken, 'update_license_to_fastspring', { license_id: old.id, product: 'legacy-battery-year-2' });

    const page = await openAs(user, '/licenses', { viewport: { width: 390, height: 844 } });
    // The service picker only shows with services=true.
    await quantity(page, toolboxYearly).waitFor();
    expect(await page.getByRole('heading', { name: 'Services' }).count()).toBe(0);
    await page.goto('/licenses?services=true');
    await page.getByRole('heading', { name: 'Services', exact: true }).waitFor();
    await quantity(page, 'Calibration service, one-time purchase').waitFor();
    await fillCart(page, { [toolboxYearly]: 1 });
    await expectAccessibleInBothSchemes(page, '/licenses with a cart');
    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    await popup(page).waitFor();
    await expectAccessibleInBothSchemes(page, 'the sandbox popup');
    await page.keyboard.press('Escape');

    await page.goto('/legacy');
    await quantity(page, 'Battery upgrade (Year 2), 1 year').waitFor();
    await expectAccessibleInBothSchemes(page, '/legacy');
  });
});

/**
 * Screenshots of the buying screens for a person to look at (SCREENSHOTS=1, into SCREENSHOTS_DIR or the
 * system's temporary folder). Skipped in ordinary runs: it asserts nothing.
 */
describe.skipIf(!process.env.SCREENSHOTS)('checkout screenshots', () => {
  const dir = process.env.SCREENSHOTS_DIR ?? join(tmpdir(), 'portal-screenshots');
  const variants = [
    { name: 'wide-light', viewport: { width: 1280, height: 800 } },
    { name: 'narrow-light', viewport: { width: 390, height: 844 } },
  ] as const;

  it.each(variants)('the cart, the popup and /legacy ($name)', async ({ name, viewport }) => {
    mkdirSync(dir, { recursive: true });
    const [admin, user] = await Promise.all([createAdminUser(), customer()]);
    await callApi('user', { cmd: 'set_user_legacy', user_id: user.id, legacy: true }, admin.accessToken);
    const old = await storeLicense(user.id, { license_type_id: 'Battery', license_usage_id: 1, valid_from: day(-300), valid_to: day(40) });
    await licCall(admin.accessToken, 'update_license_to_fastspring', { license_id: old.id, product: 'legacy-battery-year-2' });
    await storeLicense(user.id, { license_type_id: 'Pro', valid_from: day(-20), valid_to: undefined, addons: [{ id: 'Battery' }] });

    const page = await openAs(user, '/licenses', { viewport, colorScheme: 'light' });
    await fillCart(page, { [toolboxYearly]: 2, [automationAddonPerpetual]: 1 });
    await page.screenshot({ path: join(dir, `checkout-licenses-${name}.png`), fullPage: true });

    await cart(page).getByRole('button', { name: 'Checkout' }).click();
    await popup(page).waitFor();
    await page.screenshot({ path: join(dir, `checkout-popup-${name}.png`) });
    await page.keyboard.press('Escape');

    // On a phone the menu opens first.
    if (viewport.width < 640) await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Buy legacy licenses' }).click();
    await page.waitForURL((url) => url.pathname === '/legacy');
    await quantity(page, 'Battery upgrade (Year 2), 1 year').waitFor();
    await page.screenshot({ path: join(dir, `checkout-legacy-${name}.png`), fullPage: true });
  });
});
