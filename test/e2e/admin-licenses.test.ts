import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { answerConfirmation, chooseOption, openSignedIn, pickMenuItem, uniqueSuffix, useBrowser } from '../support/browser';
import { storeLicense, withUserId } from '../support/licenses';

/**
 * The admin license screens, one real path each against the local stack: All licenses (a filter, an
 * edit, Disable, Release and Move read back from the server, Copy to clipboard, the table at a laptop's and
 * a phone's width) and Dongles leading to a user's detail (legacy purchases, Add new license). The
 * screens' own rules (filters sent and kept in the address, paging, sorting, state texts, which actions a
 * row offers, the dialogs' defaults, validation and confirmations) are component tests
 * (web/test/screens/all-licenses, user-detail-licenses, audit, people); what the server does with each cmd
 * is test/integration/all-licenses and admin-licenses. The list holds every license of the stack, so each
 * test narrows it to its own fresh customers.
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

/** The calendar day `offset` days from today (UTC), as licenses store their days. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A license of `user`, valid from 100 days ago to 200 days ahead unless told. */
const licenseFor = (user: { id: number }, fields: Partial<NewLicense> = {}) =>
  storeLicense(user.id, { valid_from: day(-100), valid_to: day(200), ...fields });

const openAs = (admin: Admin, path: string, options: Parameters<typeof openSignedIn>[4] = {}) =>
  openSignedIn(browser, admin.username, admin.password, path, { totpSecret: admin.totpSecret, ...options });

/** The license table on the page. */
const table = (page: Page) => page.getByRole('table', { name: 'Licenses', exact: true });
/** A license's row, by its id in the first column. */
const row = (page: Page, id: number) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
/** What a row shows in the column under `header`. */
async function cell(page: Page, id: number, header: string): Promise<string> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`);
  return (await row(page, id).locator('td').nth(index).innerText()).trim();
}
/** Waits until a row shows `text` under `header`. */
const waitForCell = (page: Page, id: number, header: string, text: string) =>
  expect.poll(() => cell(page, id, header), { timeout: 10_000 }).toBe(text);

/** The green confirmation at the top of the page. */
const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).waitFor();
/** The number of licenses the list says it has. */
const countShown = (page: Page, count: number) =>
  page.getByText(`${count} ${count === 1 ? 'license' : 'licenses'}`, { exact: true }).waitFor();

/** A row's Actions button. */
const actionsButton = (page: Page, id: number) => row(page, id).getByRole('button', { name: `Actions for license ${id}` });
/** Opens a row's actions menu and picks `action`. */
const act = (page: Page, id: number, action: string) => pickMenuItem(page, actionsButton(page, id), action);

type Scope = Page | ReturnType<Page['getByRole']>;
/** A select by its label (its open list of options is labelled the same). */
const select = (scope: Scope, label: string) => scope.getByRole('combobox', { name: label, exact: true });
/** Picks `option` in the select labelled `label` (within `scope`, e.g. a dialog). */
const choose = (page: Page, label: string, option: string, scope: Scope = page) => chooseOption(page, select(scope, label), option);

/** Whether the license table's box and the page scroll sideways, as the browser measures them. */
const sideways = (page: Page) =>
  table(page).evaluate((element) => {
    const box = element.parentElement!;
    return { table: box.scrollWidth > box.clientWidth, page: document.documentElement.scrollWidth > window.innerWidth };
  });

/** Whether an element lies wholly inside the window and is what a tap on its middle reaches (not covered). */
const inSightAndOnTop = (locator: Locator) =>
  locator.evaluate((element) => {
    const { left, right, top, bottom } = element.getBoundingClientRect();
    const reached = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
    return left >= 0 && right <= window.innerWidth && top >= 0 && bottom <= window.innerHeight && element.contains(reached);
  });

/** Narrows the list to one user (by id), and waits for their `count` licenses. */
async function filterByUser(page: Page, user: string | number, count: number) {
  await page.getByLabel('User', { exact: true }).fill(String(user));
  await countShown(page, count);
}

describe('All licenses', () => {
  it('narrows to a customer, edits, disables, releases a seat, moves a license away, copies the list as CSV, and keeps the actions in sight on a phone', async () => {
    const [admin, customer, to] = await Promise.all([theAdmin(), newCustomer(), newCustomer()]);
    const plain = await licenseFor(customer, { license_type_id: 'Battery' });
    const held = await licenseFor(customer, { reservation: { reserved_to: customer.id, fingerprint: 'e2e-fp', hostname: 'e2e-workstation' } });
    const moving = await licenseFor(customer, { license_type_id: 'Log' });
    // A company of one long word, as customers type them: it must wrap inside its column on a laptop.
    const company = 'Donaudampfschifffahrtsgesellschaft';
    await callApi('user', { cmd: 'update_user_profile', first_name: 'Test', last_name: 'User', company }, customer.accessToken);
    const page = await openAs(admin, '/alllicenses', { permissions: ['clipboard-read', 'clipboard-write'] });
    await page.getByRole('heading', { name: 'All licenses', exact: true }).waitFor();

    // The owner's id finds their licenses, each with their email and company.
    await filterByUser(page, customer.id, 3);
    expect(await cell(page, plain.id, 'User')).toBe(customer.email);
    expect(await cell(page, plain.id, 'Company')).toBe(company);
    expect(await cell(page, held.id, 'Reserved to')).toBe(`e2e-workstation\n${customer.email} (user ${customer.id})`);

    // Edit: usage and valid to.
    await act(page, plain.id, 'Edit');
    const dialog = page.getByRole('dialog', { name: `Edit license ${plain.id}` });
    await expect.poll(() => dialog.getByLabel('Valid to', { exact: true }).inputValue()).toBe(day(200));
    await choose(page, 'License usage', 'Academic', dialog);
    await dialog.getByLabel('Valid to', { exact: true }).fill('2028-03-04');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // A new usage changes what the license is for: the save asks first (a later end asks nothing).
    await answerConfirmation(page, `Change the usage of license ${plain.id} to Academic?`, 'Save and change usage');
    await notice(page, `License ${plain.id} saved`);
    await dialog.waitFor({ state: 'detached' });
    await waitForCell(page, plain.id, 'Valid to', '2028-03-04');

    // Disable, behind its confirmation.
    await act(page, plain.id, 'Disable');
    await answerConfirmation(page, `Disable license ${plain.id}?`, 'Disable license');
    await notice(page, `License ${plain.id} disabled`);
    await waitForCell(page, plain.id, 'Enabled', 'No');

    // Release the seat a machine holds.
    await act(page, held.id, 'Release');
    await answerConfirmation(page, `Release license ${held.id}?`, 'Release seat');
    await notice(page, `License ${held.id} released`);
    await waitForCell(page, held.id, 'Reserved to', '');

    // Copy to clipboard: the filtered list as CSV, in the list's order (newest first).
    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await notice(page, 'Licenses copied to the clipboard');
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Id,Created,User id,User,Company,License type/);
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([moving.id, held.id, plain.id]);
    expect(lines[1]).toContain(customer.email);

    // Move one to another user: it leaves this customer's list.
    await act(page, moving.id, 'Move');
    const moveDialog = page.getByRole('dialog', { name: `Move license ${moving.id}` });
    await moveDialog.getByLabel('Move to user id', { exact: true }).fill(String(to.id));
    await moveDialog.getByLabel(/^Their email/).fill(to.email);
    await moveDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await answerConfirmation(page, `Move license ${moving.id} to Test User (user ${to.id})?`, 'Move license');
    await notice(page, `License ${moving.id} moved to user ${to.id}`);
    await countShown(page, 2);

    // Read back from the server: the filter is in the address, the edit, the disable and the release kept.
    await page.reload();
    await countShown(page, 2);
    expect(await cell(page, plain.id, 'Valid to')).toBe('2028-03-04');
    expect(await cell(page, plain.id, 'License usage')).toBe('Academic');
    expect(await cell(page, plain.id, 'Enabled')).toBe('No');
    expect(await cell(page, held.id, 'Reserved to')).toBe('');

    // On a laptop (1280 px) every column shows: neither the table's box nor the page scrolls sideways.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => sideways(page)).toEqual({ table: false, page: false });
    // On a phone (390 px) the table scrolls sideways inside its box (named so), and each row's actions
    // stay pinned in sight: the button lies inside the screen, nothing covers it, and it opens the menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => sideways(page)).toEqual({ table: true, page: false });
    await page.getByRole('region', { name: 'Licenses (scrolls sideways)' }).waitFor();
    const button = actionsButton(page, held.id);
    await button.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 300));
    await expect.poll(() => inSightAndOnTop(button)).toBe(true);
    await button.click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The license moved is the other user's now: their detail lists it.
    await filterByUser(page, to.id, 1);
    expect(await cell(page, moving.id, 'User')).toBe(to.email);
    await row(page, moving.id).getByRole('link', { name: to.email }).click();
    await page.waitForURL((url) => url.pathname === `/alllicenses/${to.id}`);
    await row(page, moving.id).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('Dongles and a user’s detail', () => {
  it('leads from a dongle to its owner, whose legacy purchases and new license are saved', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const hid = `E2E-DONGLE-${uniqueSuffix()}`;
    const onDongle = await licenseFor(customer, { hid });
    const page = await openAs(admin, '/dongles');
    await page.getByRole('heading', { name: 'Dongles', exact: true }).waitFor();
    const dongles = page.getByRole('table', { name: 'Dongles' });
    const dongleRow = dongles.locator('tbody tr').filter({ hasText: hid });
    await dongleRow.waitFor();
    const cells = await dongleRow.locator('td').allInnerTexts();
    expect(cells.slice(2)).toEqual([`${customer.email} (user ${customer.id})`, hid, String(onDongle.id)]);

    await dongleRow.getByRole('link', { name: `${customer.email} (user ${customer.id})` }).click();
    await page.waitForURL((url) => url.pathname === `/alllicenses/${customer.id}`);
    await page.getByRole('heading', { name: 'User details' }).waitFor();
    await row(page, onDongle.id).waitFor();

    // Legacy purchases: saved at once, still set after a reload.
    const legacy = page.getByRole('checkbox', { name: 'Allow legacy purchases' });
    expect(await legacy.isChecked()).toBe(false);
    await legacy.click();
    await notice(page, `User ${customer.id} may make legacy purchases`);
    await page.reload();
    await expect.poll(() => legacy.isChecked()).toBe(true);

    // Add new license with its defaults: Automation, Standard, a year from today.
    await page.getByRole('button', { name: 'Add new license' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new license' });
    // The choices' names arrive with get_license_types and get_license_usages.
    await expect.poll(() => select(dialog, 'License usage').inputValue()).toBe('Standard');
    await dialog.getByRole('button', { name: 'Add license' }).click();
    const addedNotice = page.getByRole('status').getByText(/^License \d+ added$/);
    await addedNotice.waitFor();
    const added = Number((await addedNotice.innerText()).match(/License (\d+) added/)![1]);
    await row(page, added).waitFor();
    expect(await cell(page, added, 'License type')).toBe('Automation');
    expect(await cell(page, added, 'License usage')).toBe('Standard');
    expect(browser.pageErrors()).toEqual([]);
  });
});
