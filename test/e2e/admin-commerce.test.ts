import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from '../../shared/contract/lic.admin';
import { createAdminUser, createConfirmedUser, eventually, stackContext } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { answerConfirmation, chooseOption, expectMenuItems, openSignedIn, pickMenuItem, uniqueSuffix, useBrowser } from '../support/browser';
import { licCall, storedLicense, storeLicense, withUserId } from '../support/licenses';

/**
 * The admin commerce screens, one real path each, clicked through as an admin would: the license codes
 * (generator, single-use and campaign codes, the list's search and sort), the subscriptions (list, detail,
 * Cancel and Convert behind Confirm), and on All licenses the subscription actions and a license's legacy
 * upgrade product. The generator's defaults and rules, the durations in words and a conversion's history
 * are component tests (web/test/screens/create-codes, license-code-durations, subscription-detail). Lists
 * hold every record of the stack, so each test searches for its own.
 */
const browser = useBrowser();

type Admin = Awaited<ReturnType<typeof createAdminUser>> & { id: number };
type Customer = Awaited<ReturnType<typeof createConfirmedUser>> & { id: number };

/**
 * One administrator for the file's tests (making one with an authenticator takes several calls of the
 * identity provider); what each test changes belongs to its own fresh customers.
 */
let fileAdmin: Promise<Admin> | undefined;
const theAdmin = (): Promise<Admin> => (fileAdmin ??= createAdminUser().then(withUserId));
const newCustomer = (): Promise<Customer> => createConfirmedUser().then(withUserId);

const openAs = (admin: Admin, path: string, options: Parameters<typeof openSignedIn>[4] = {}) =>
  openSignedIn(browser, admin.username, admin.password, path, { totpSecret: admin.totpSecret, ...options });

/** The calendar day `offset` days from today (UTC). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Scope = Page | ReturnType<Page['getByRole']>;
/** Picks `option` in the select labelled `label` (within `scope`, e.g. a dialog). */
const choose = (page: Page, label: string, option: string, scope: Scope = page) =>
  chooseOption(page, scope.getByRole('combobox', { name: label, exact: true }), option);

/** The green confirmation at the top of the page. */
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();

/** A table on the page by its name, its header names, and the cells of its rows. */
function tableOf(page: Page, name: string) {
  const table = page.getByRole('table', { name, exact: true });
  const headers = async () => (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  /** Each row's cells by column header. */
  const rows = async (): Promise<Record<string, string>[]> => {
    const names = await headers();
    const cells = await table.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => (td as HTMLElement).innerText.trim())),
    );
    return cells.map((row) => Object.fromEntries(names.map((header, index) => [header, row[index] ?? ''])));
  };
  /** One column's values, top to bottom. */
  const column = async (header: string) => (await rows()).map((row) => row[header] ?? '');
  const sortBy = (header: string) => table.getByRole('button', { name: header, exact: true }).click();
  const sortState = (header: string) => table.getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-sort');
  return { table, rows, column, sortBy, sortState };
}

/** Types into the list's search and waits for the count it should then show. */
async function search(page: Page, text: string, count: string) {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await page.getByText(count, { exact: true }).waitFor();
}

/** The codes the generator shows after Generate, one a line. */
async function generatedCodes(page: Page, heading: string): Promise<string[]> {
  const section = page.getByRole('region', { name: heading, exact: true });
  await section.waitFor();
  return (await section.locator('pre').innerText()).trim().split('\n');
}

/**
 * Buys through the local checkout sandbox's server API, as the provider's popup would: the sandbox
 * delivers the signed webhooks that make the licenses and their subscription. Waits until the admin list
 * has a row for each license bought, and returns them.
 */
async function buySubscription(admin: Admin, customer: Customer, quantity = 1, paths = ['pro-yearly']): Promise<SubscriptionRow[]> {
  const { baseUrl } = stackContext();
  const response = await fetch(`${baseUrl}/local/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: paths.map((path) => ({ path, quantity })),
      contact: { email: customer.email, firstName: 'Test', lastName: 'User' },
      tags: { user_id: customer.id },
    }),
  });
  if (!response.ok) throw new Error(`/local/checkout/orders answered HTTP ${response.status}: ${await response.text()}`);
  let found: SubscriptionRow[] = [];
  const arrived = await eventually(async () => {
    const answer = await licCall(admin.accessToken, 'get_subscriptions', { search: customer.email });
    found = (answer.body.data as { subscriptions: SubscriptionRow[] } | undefined)?.subscriptions ?? [];
    return found.length >= quantity * paths.length;
  }, 20);
  if (!arrived) throw new Error(`No subscription for ${customer.email} after the order (${JSON.stringify(found)})`);
  return found;
}

describe('License codes', () => {
  it('generates single-use codes for 2 weeks, copies them, lists them in words and sorts them; a campaign code is found by a search kept in the address', async () => {
    const admin = await theAdmin();
    const page = await openAs(admin, '/createcodes', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByRole('heading', { name: 'License code generator', exact: true }).waitFor();

    // The form's defaults and rules are component tests (web/test/screens/create-codes.test.tsx); the
    // type and usage names arrive with the license catalogue (a call of its own): wait for them.
    await expect.poll(() => page.getByRole('combobox', { name: 'License type', exact: true }).inputValue()).toBe('Automation');
    await expect.poll(() => page.getByLabel('Description', { exact: true }).inputValue()).toBe('Test Co');

    const description = `Fair ${uniqueSuffix()}`;
    await page.getByLabel('Duration', { exact: true }).fill('2');
    await choose(page, 'Unit', 'weeks');
    await page.getByLabel('Count', { exact: true }).fill('3');
    await page.getByLabel('Description', { exact: true }).fill(description);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const codes = await generatedCodes(page, '3 license codes generated');
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    await expectNoAxeViolations(page, '/createcodes with generated codes');

    await page.getByRole('button', { name: 'Copy to clipboard', exact: true }).click();
    await notice(page, 'License codes copied to the clipboard');
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n')).toEqual(codes);

    // A campaign code: its own field instead of the count, and a window that must not end before it starts.
    const text = `SPRING-${uniqueSuffix().toUpperCase()}`;
    await page.getByRole('radio', { name: 'Unlimited (campaign)', exact: true }).check();
    const code = page.getByLabel('Campaign code', { exact: true });
    await code.fill('no spaces allowed');
    await code.blur();
    await page.getByText('A campaign code is 3 to 40 letters, digits, - or _', { exact: true }).waitFor();
    await expectNoAxeViolations(page, '/createcodes, a campaign code with an error');
    await code.fill(text);
    await choose(page, 'License type', 'Battery');
    await page.getByLabel('Valid from', { exact: true }).fill(day(1));
    await page.getByLabel('Valid to', { exact: true }).fill(day(-1));
    await page.getByLabel('Valid to', { exact: true }).blur();
    await page.getByText('Valid to cannot be before valid from', { exact: true }).waitFor();
    await page.getByLabel('Valid to', { exact: true }).fill(day(30));
    await page.getByLabel('Description', { exact: true }).fill('Spring campaign');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    expect(await generatedCodes(page, 'License code generated')).toEqual([text]);

    // The list: the single-use codes with their terms in words, newest first.
    await page.getByRole('link', { name: 'All license codes', exact: true }).first().click();
    await page.getByRole('heading', { name: 'License codes', exact: true }).waitFor();
    await search(page, description, '3 license codes');
    const list = tableOf(page, 'License codes');
    const rows = await list.rows();
    expect(rows.map((row) => row.Code).sort()).toEqual([...codes].sort());
    for (const row of rows) {
      expect(row).toMatchObject({
        Description: description,
        'License type': 'Automation',
        'License usage': 'Standard',
        'Single use': 'Yes',
        Duration: '2 weeks',
        'Valid from': '',
        'Valid to': '',
        Used: 'No',
        'Used by': '',
      });
    }
    const ids = (await list.column('Id')).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(await list.sortState('Created')).toBe('descending');

    // A clicked header sorts, a second click turns the direction round.
    // The header's state is what the click changes: the rows may read the same before and after it.
    await list.sortBy('Code');
    await expect.poll(() => list.sortState('Code')).toBe('ascending');
    await expect.poll(() => list.column('Code')).toEqual([...codes].sort());
    expect(await list.sortState('Created')).toBeNull();
    await list.sortBy('Code');
    await expect.poll(() => list.sortState('Code')).toBe('descending');
    await expect.poll(() => list.column('Code')).toEqual([...codes].sort().reverse());

    // The campaign code, found by its text in any case; the search stays in the address.
    await search(page, text.toLowerCase(), '1 license code');
    expect(await list.rows()).toEqual([
      expect.objectContaining({
        Code: text,
        Description: 'Spring campaign',
        'License type': 'Battery',
        'Single use': 'No',
        Duration: '',
        'Valid from': day(1),
        'Valid to': day(30),
        Used: 'No',
      }),
    ]);
    await page.waitForURL((url) => url.searchParams.get('search') === text.toLowerCase());
    await page.reload();
    await page.getByText('1 license code', { exact: true }).waitFor();
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe(text.toLowerCase());
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, '/listcodes, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The generator is a link away.
    await page.getByRole('link', { name: 'Generate license codes', exact: true }).click();
    await page.getByRole('heading', { name: 'License code generator', exact: true }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('Subscriptions', () => {
  it('shows bought subscriptions, sorts them, cancels one behind Confirm, and converts a Pro with one add-on, whose own subscription offers nothing', async () => {
    const [admin, buyer, converter] = await Promise.all([theAdmin(), newCustomer(), newCustomer()]);
    // One subscription of two licenses: a row for each, index 0 and 1. And one order of a Pro license with
    // the Automation add-on, a subscription for each.
    const [bought, second] = (await buySubscription(admin, buyer, 2)) as [SubscriptionRow, SubscriptionRow];
    const rows = await buySubscription(admin, converter, 1, ['pro-yearly', 'automation-addon-yearly']);
    const pro = rows.find((row) => row.product === 'pro-yearly')!;
    const addon = rows.find((row) => row.product === 'automation-addon-yearly')!;
    expect(addon.license_id).toBe(pro.license_id);

    const page = await openAs(admin, '/subscriptions');
    await page.getByRole('heading', { name: 'Subscriptions', exact: true }).waitFor();
    await search(page, buyer.email, '2 subscriptions');
    const list = tableOf(page, 'Subscriptions');
    expect(await list.rows()).toContainEqual(
      expect.objectContaining({ Id: String(bought.id), 'License id': String(bought.license_id), State: 'active', User: buyer.email, Product: 'Pro\npro-yearly' }),
    );
    await expectNoAxeViolations(page, '/subscriptions');

    // A clicked header sorts, a second click turns the direction round.
    expect(await list.sortState('Created')).toBe('descending');
    // The header's state is what the click changes: the rows may read the same before and after it.
    await list.sortBy('Index');
    await expect.poll(() => list.sortState('Index')).toBe('ascending');
    await expect.poll(() => list.column('Index')).toEqual(['0', '1']);
    expect(await list.sortState('Created')).toBeNull();
    await list.sortBy('Index');
    await expect.poll(() => list.sortState('Index')).toBe('descending');
    await expect.poll(() => list.column('Index')).toEqual(['1', '0']);

    // Its detail; a Pro subscription without add-ons has nothing to convert. Cancel asks first.
    const [first] = [bought, second].sort((a, b) => a.id - b.id) as [SubscriptionRow];
    await list.table.getByRole('button', { name: String(first.id), exact: true }).click();
    let detail = page.getByRole('dialog', { name: `Subscription ${first.id}`, exact: true });
    await detail.getByText('1 year', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: 'Convert', exact: true }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await detail.getByText(`Cancel subscription ${first.id} of license ${first.license_id}?`, { exact: false }).waitFor();
    await expectNoAxeViolations(page, '/subscriptions, a subscription’s Cancel to confirm');
    // Its Cancel takes nothing back.
    await detail.getByRole('button', { name: 'Cancel', exact: true }).click();
    await detail.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
    await notice(page, `Subscription ${first.id} canceled`);
    await detail.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await list.rows()).find((row) => row.Id === String(first.id))?.State, { timeout: 10_000 })
      .toBe('canceled');
    // Canceled: its detail offers no action any more.
    await list.table.getByRole('button', { name: String(first.id), exact: true }).click();
    await detail.getByText('canceled', { exact: true }).waitFor();
    expect(await detail.getByRole('button', { name: 'Cancel subscription', exact: true }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await detail.waitFor({ state: 'detached' });

    // The add-on's own subscription offers nothing; the Pro's converts into the toolbox.
    await search(page, converter.email, '2 subscriptions');
    await list.table.getByRole('button', { name: String(addon.id), exact: true }).click();
    detail = page.getByRole('dialog', { name: `Subscription ${addon.id}`, exact: true });
    await detail.getByText(/^An add-on’s subscription|^An add-on's subscription/).waitFor();
    expect(await detail.getByRole('button', { name: /Cancel subscription|Convert/ }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Close', exact: true }).first().click();
    await detail.waitFor({ state: 'detached' });

    await list.table.getByRole('button', { name: String(pro.id), exact: true }).click();
    detail = page.getByRole('dialog', { name: `Subscription ${pro.id}`, exact: true });
    await detail.getByText('Pro with AT', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Convert', exact: true }).click();
    await detail.getByText(`Convert subscription ${pro.id} of license ${pro.license_id}`, { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Confirm', exact: true }).click();
    await notice(page, `Subscription ${pro.id} converted to Automation and Battery toolbox`);
    await expect
      .poll(async () => (await list.rows()).find((row) => row.Id === String(pro.id))?.Product, { timeout: 10_000 })
      .toBe('Automation and Battery toolbox\nautomation-battery-toolbox-yearly');
    expect((await storedLicense(pro.license_id))?.license_type_id).toBe('All');
    // The add-on's own subscription ended with the conversion (it is not charged again), and the detail says so.
    await expect.poll(async () => (await list.rows()).find((row) => row.Id === String(addon.id))?.State, { timeout: 10_000 }).toBe('deactivated');
    await list.table.getByRole('button', { name: String(pro.id), exact: true }).click();
    await detail.getByText(`Add-on subscription ${addon.id} ended on `, { exact: false }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('All licenses: subscription actions and the legacy upgrade product', () => {
  it('offers Cancel and Convert for an active Pro subscription with one add-on behind Confirm, and marks a Standard Automation license with a legacy upgrade product in Edit, then clears it', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const convertible = await storeLicense(customer.id, {
      license_type_id: 'Pro',
      valid_from: day(-10),
      valid_to: day(355),
      subscription_id: 900_001,
      subscription_state: 'active',
      addons: [{ id: 'Automation' }],
    });
    const canceled = await storeLicense(customer.id, {
      license_type_id: 'Pro',
      valid_from: day(-10),
      valid_to: day(20),
      subscription_id: 900_002,
      subscription_state: 'canceled',
    });
    const license = await storeLicense(customer.id, { license_usage_id: 4, valid_from: day(-300), valid_to: day(65) });
    const page = await openAs(admin, '/alllicenses');
    await page.getByLabel('User', { exact: true }).fill(String(customer.id));
    await page.getByText('3 licenses', { exact: true }).waitFor();

    const actionsButton = (id: number) => page.getByRole('button', { name: `Actions for license ${id}` });
    await expectMenuItems(page, actionsButton(convertible.id), ['Cancel subscription', 'Convert subscription', 'History']);
    // History is every license's: a canceled subscription's license has nothing else.
    await expectMenuItems(page, actionsButton(canceled.id), ['History']);

    for (const action of ['Cancel', 'Convert']) {
      await pickMenuItem(page, actionsButton(convertible.id), `${action} subscription`);
      const dialog = page.getByRole('dialog', { name: `${action} subscription of license ${convertible.id}`, exact: true });
      await dialog.getByText(`${action} subscription 900001 of license ${convertible.id}`, { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Confirm', exact: true }).waitFor();
      // Cancel leaves the subscription as it is.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // The list may be read again as the dialog closes: the menu is opened until it shows its items.
    await expectMenuItems(page, actionsButton(convertible.id), ['Cancel subscription', 'Convert subscription', 'History']);

    const openEdit = async () => {
      await pickMenuItem(page, actionsButton(license.id), 'Edit');
      const dialog = page.getByRole('dialog', { name: `Edit license ${license.id}`, exact: true });
      await dialog.waitFor();
      return dialog;
    };
    let edit = await openEdit();
    const upgrade = edit.getByRole('combobox', { name: 'Legacy upgrade product', exact: true });
    expect(await upgrade.inputValue()).toBe('None');
    await upgrade.click();
    await expect
      .poll(() => page.getByRole('option').allInnerTexts())
      .toEqual(['None', 'Automation upgrade (Year 2)', 'Automation upgrade (Year 3)']);
    await page.getByRole('option', { name: 'Automation upgrade (Year 2)', exact: true }).click();
    // Only usages 1 and 4 may be upgraded.
    await choose(page, 'License usage', 'Academic', edit);
    await upgrade.waitFor({ state: 'detached' });
    await choose(page, 'License usage', 'Standard', edit);
    await upgrade.waitFor();
    await choose(page, 'Legacy upgrade product', 'Automation upgrade (Year 2)', edit);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await notice(page, `License ${license.id} saved`);
    await expect.poll(async () => (await storedLicense(license.id))?.to_fastspring_product).toBe('legacy-automation-year-2');

    edit = await openEdit();
    await choose(page, 'Legacy upgrade product', 'None', edit);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    // Clearing it takes the upgrade away from the owner: the save asks first.
    await answerConfirmation(page, `Clear the legacy upgrade of license ${license.id}?`, 'Save and clear');
    await notice(page, `License ${license.id} saved`);
    await expect.poll(async () => (await storedLicense(license.id))?.to_fastspring_product ?? null).toBeNull();
    expect(browser.pageErrors()).toEqual([]);
  });
});

/**
 * Screenshots of the new screens, light, wide and narrow, for a person to look at
 * (SCREENSHOTS=1 SCREENSHOTS_DIR=/tmp/shots npx vitest run --project stack test/e2e/admin-commerce.test.ts).
 */
describe.skipIf(!process.env.SCREENSHOTS)('screenshots', () => {
  const dir = process.env.SCREENSHOTS_DIR ?? '/tmp/shots';
  const variants = [
    { name: 'wide', viewport: { width: 1280, height: 800 } },
    { name: 'narrow', viewport: { width: 390, height: 844 } },
  ] as const;

  it.each(variants)('commerce screens ($name)', async ({ name, viewport }) => {
    mkdirSync(dir, { recursive: true });
    const shot = (page: Page, screen: string) => page.screenshot({ path: join(dir, `${screen}-${name}-light.png`), fullPage: true });
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const [bought] = (await buySubscription(admin, customer)) as [SubscriptionRow];
    const page = await openAs(admin, '/createcodes', { viewport, colorScheme: 'light' });
    await page.getByRole('button', { name: 'Generate', exact: true }).waitFor();
    await shot(page, 'createcodes');
    await page.getByLabel('Count', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await generatedCodes(page, '4 license codes generated');
    await shot(page, 'createcodes-generated');
    await page.getByRole('radio', { name: 'Unlimited (campaign)', exact: true }).check();
    await page.getByLabel('Campaign code', { exact: true }).fill('a b');
    await page.getByLabel('Campaign code', { exact: true }).blur();
    await shot(page, 'createcodes-campaign-invalid');

    await page.goto('/listcodes');
    await page.getByRole('table', { name: 'License codes' }).waitFor();
    await shot(page, 'listcodes');

    await page.goto('/subscriptions');
    await page.getByRole('table', { name: 'Subscriptions' }).waitFor();
    await shot(page, 'subscriptions');
    await search(page, customer.email, '1 subscription');
    await page.getByRole('button', { name: String(bought.id), exact: true }).click();
    const detail = page.getByRole('dialog', { name: `Subscription ${bought.id}` });
    await detail.getByRole('button', { name: 'Cancel subscription' }).click();
    await detail.getByRole('button', { name: 'Confirm' }).waitFor();
    // The dialog's opening transition is over.
    await page.waitForTimeout(500);
    await shot(page, 'subscription-detail-confirm');

    const legacy = await storeLicense(customer.id, { license_usage_id: 4, valid_from: day(-300), valid_to: day(65) });
    await page.goto(`/alllicenses?id=${legacy.id}`);
    await page.getByRole('button', { name: `Actions for license ${legacy.id}` }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    await page.getByRole('combobox', { name: 'Legacy upgrade product' }).waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'edit-license-legacy-upgrade');
  });
});
