import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { createAdminUser, createConfirmedUser } from '../support/api';
import { answerConfirmation, chooseOption, expectMenuItems, openSignedIn, pathOf, pickMenuItem, uniqueSuffix, useBrowser } from '../support/browser';
import { storeLicense, withUserId } from '../support/licenses';

/**
 * The admin license screens, clicked through as an admin would, one real path per action against the
 * local stack: All licenses (filters, sorting, pages, each row's actions, Copy to clipboard), a user's
 * detail (legacy purchases, their licenses, Add new license, their actions) and Dongles. The screens'
 * own rules (state texts, which actions a row offers, the dialogs' validation) are component tests:
 * web/test/screens/all-licenses.test.tsx. The list holds every license of the stack, so each test
 * narrows it to its own fresh customers.
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
/** The ids of the rows shown, top to bottom. */
const shownIds = async (page: Page) => (await table(page).locator('tbody tr td:first-child').allInnerTexts()).map(Number);
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
/** Waits until a row's actions menu offers exactly `actions`. */
const expectActions = (page: Page, id: number, actions: string[]) => expectMenuItems(page, actionsButton(page, id), actions);

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
  it('filters by user and type, sorts by a clicked header, and pages 20 licenses at a time', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const licenses = [];
    for (let index = 0; index < 23; index++) {
      licenses.push(await licenseFor(customer, { license_type_id: index % 5 === 0 ? 'Battery' : 'Automation', valid_to: day(100 + index) }));
    }
    const ids = licenses.map((license) => license.id);
    const batteries = licenses.filter((license) => license.license_type_id === 'Battery').map((license) => license.id);
    const page = await openAs(admin, '/alllicenses');
    await page.getByRole('heading', { name: 'All licenses', exact: true }).waitFor();

    // Part of the owner's email finds their licenses: newest first, 20 on the first page.
    await filterByUser(page, `${customer.username}@`, 23);
    expect(await shownIds(page)).toEqual([...ids].reverse().slice(0, 20));
    expect(await cell(page, ids[22]!, 'User')).toBe(customer.email);
    expect(await cell(page, ids[22]!, 'Company')).toBe('Test Co');
    const pageSelect = select(page, 'Page');
    expect(await pageSelect.inputValue()).toBe('1');
    await chooseOption(page, pageSelect, '2');
    await expect.poll(() => shownIds(page)).toEqual([ids[2], ids[1], ids[0]]);

    // Sorting starts again at page 1: Id ascending, then descending.
    await table(page).getByRole('button', { name: 'Id', exact: true }).click();
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(0, 20));
    expect(await table(page).getByRole('columnheader', { name: 'Id', exact: true }).getAttribute('aria-sort')).toBe('ascending');
    await table(page).getByRole('button', { name: 'Id', exact: true }).click();
    await expect.poll(() => shownIds(page)).toEqual([...ids].reverse().slice(0, 20));
    // Valid to ascending: the soonest end first.
    await table(page).getByRole('button', { name: 'Valid to', exact: true }).click();
    await expect.poll(() => shownIds(page)).toEqual(ids.slice(0, 20));
    expect(await cell(page, ids[0]!, 'Valid to')).toBe(day(100));

    // The user id matches exactly; with the type too, 5 licenses: one page, no dropdown.
    await filterByUser(page, customer.id, 23);
    await choose(page, 'License type', 'Battery');
    await countShown(page, batteries.length);
    expect((await shownIds(page)).sort((a, b) => a - b)).toEqual(batteries);
    for (const id of batteries) expect(await cell(page, id, 'License type')).toBe('Battery');
    expect(await pageSelect.count()).toBe(0);

    // The filters, order and page are in the address: a reload shows the same list.
    await page.reload();
    await countShown(page, batteries.length);
    expect(await select(page, 'License type').inputValue()).toBe('Battery');

    // On a laptop (1280 px) every column shows: neither the table's box nor the page scrolls sideways.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => sideways(page)).toEqual({ table: false, page: false });

    // On a phone (390 px) the table scrolls sideways inside its box (named so), and each row's actions
    // stay pinned in sight: the button lies inside the screen, nothing covers it, and it opens the menu.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => sideways(page)).toEqual({ table: true, page: false });
    await page.getByRole('region', { name: 'Licenses (scrolls sideways)' }).waitFor();
    const button = actionsButton(page, batteries[0]!);
    await button.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 300));
    await expect.poll(() => inSightAndOnTop(button)).toBe(true);
    await button.click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    expect(browser.pageErrors()).toEqual([]);
  });

  it('filters by id and by days expired or left', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const soon = await licenseFor(customer, { valid_to: day(10) });
    const later = await licenseFor(customer, { valid_to: day(300) });
    const expired = await licenseFor(customer, { valid_to: day(-5) });
    const perpetual = await licenseFor(customer, { valid_to: undefined, license_type_id: 'All', enabled: false });
    const page = await openAs(admin, '/alllicenses');

    await filterByUser(page, customer.id, 3);
    expect((await shownIds(page)).sort((a, b) => a - b)).toEqual([soon.id, later.id, perpetual.id]);

    await page.getByLabel('Expired in last (days)', { exact: true }).fill('30');
    await countShown(page, 4);
    expect(await cell(page, expired.id, 'State')).toBe('Expired 5 days ago');

    await page.getByLabel('Expires within (days)', { exact: true }).fill('20');
    await countShown(page, 2);
    expect((await shownIds(page)).sort((a, b) => a - b)).toEqual([soon.id, expired.id]);

    await page.getByLabel('Id', { exact: true }).fill(String(soon.id));
    await countShown(page, 1);
    expect(await shownIds(page)).toEqual([soon.id]);
  });

  it('edits usage and valid to, and a Pro license’s BVT add-on with its channels', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const plain = await licenseFor(customer, { license_type_id: 'Battery' });
    const pro = await licenseFor(customer, { license_type_id: 'Pro', addons: [{ id: 'Automation' }] });
    const page = await openAs(admin, '/alllicenses');
    await filterByUser(page, customer.id, 2);
    expect(await cell(page, pro.id, 'License type')).toBe('Pro\nAT');

    await act(page, plain.id, 'Edit');
    let dialog = page.getByRole('dialog', { name: `Edit license ${plain.id}` });
    await expect.poll(() => dialog.getByLabel('Valid to', { exact: true }).inputValue()).toBe(day(200));
    await choose(page, 'License usage', 'Academic', dialog);
    await dialog.getByLabel('Valid to', { exact: true }).fill('2028-03-04');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // A new usage changes what the license is for: the save asks first (a later end asks nothing).
    await answerConfirmation(page, `Change the usage of license ${plain.id} to Academic?`, 'Save and change usage');
    await notice(page, `License ${plain.id} saved`);
    await dialog.waitFor({ state: 'detached' });
    await waitForCell(page, plain.id, 'Valid to', '2028-03-04');
    expect(await cell(page, plain.id, 'License usage')).toBe('Academic');

    // An empty valid to makes it perpetual.
    await act(page, plain.id, 'Edit');
    await dialog.getByLabel('Valid to', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notice(page, `License ${plain.id} saved`);
    await waitForCell(page, plain.id, 'State', 'Perpetual');

    // Its History lists both edits, newest first, each by the admin with the fields before → after.
    await act(page, plain.id, 'History');
    const history = page.getByRole('dialog', { name: `History of license ${plain.id}` });
    const changes = history.getByRole('listitem');
    await expect.poll(() => changes.count()).toBe(2);
    const [newest, first] = await changes.allInnerTexts();
    expect(newest).toContain('Edited');
    expect(newest).toContain(`${admin.email} (user ${admin.id})`);
    expect(newest).toContain('valid_to: 2028-03-04 → none');
    expect(first).toContain(`valid_to: ${day(200)} → 2028-03-04`);
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    // Pro: tick BVT, which asks for its channels (4 unless told), and untick AT.
    await act(page, pro.id, 'Edit');
    dialog = page.getByRole('dialog', { name: `Edit license ${pro.id}` });
    await dialog.getByRole('checkbox', { name: 'BVT' }).check();
    await dialog.getByLabel('Channels', { exact: true }).fill('8');
    await dialog.getByRole('checkbox', { name: 'AT' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Unticking AT takes it away: the save asks first.
    await answerConfirmation(page, `Remove AT from license ${pro.id}?`, 'Save and remove');
    await notice(page, `License ${pro.id} saved`);
    await waitForCell(page, pro.id, 'License type', 'Pro\nBVT (8 channels)');

    // Opened again, the edit shows what was saved.
    await dialog.waitFor({ state: 'detached' });
    await act(page, pro.id, 'Edit');
    await dialog.waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'BVT' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'AT' }).isChecked()).toBe(false);
    expect(await dialog.getByLabel('Channels', { exact: true }).inputValue()).toBe('8');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(browser.pageErrors()).toEqual([]);
  });

  it('disables and enables a license, and offers a subscription license only Cancel subscription', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const license = await licenseFor(customer, { valid_to: day(20) });
    const subscription = await licenseFor(customer, { license_type_id: 'Pro', subscription_id: 9, subscription_state: 'active', valid_to: day(25) });
    const page = await openAs(admin, '/alllicenses');
    await filterByUser(page, customer.id, 2);

    await expectActions(page, subscription.id, ['Cancel subscription', 'History']);

    await act(page, license.id, 'Disable');
    await answerConfirmation(page, `Disable license ${license.id}?`, 'Disable license');
    await notice(page, `License ${license.id} disabled`);
    await waitForCell(page, license.id, 'Enabled', 'No');
    expect(await cell(page, license.id, 'State')).toBe('Disabled, Expires in 20 days');

    await act(page, license.id, 'Enable');
    await notice(page, `License ${license.id} enabled`);
    await waitForCell(page, license.id, 'Enabled', 'Yes');
    expect(await cell(page, license.id, 'State')).toBe('Expires in 20 days');
  });

  it('releases a seat a machine holds, but offers no Release on a dongle', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const held = await licenseFor(customer, { reservation: { reserved_to: customer.id, fingerprint: 'e2e-fp', hostname: 'e2e-workstation' } });
    const dongle = await licenseFor(customer, {
      hid: `E2E-${uniqueSuffix()}`,
      reservation: { reserved_to: customer.id, fingerprint: 'e2e-fp2', hostname: 'e2e-laptop' },
    });
    const page = await openAs(admin, '/alllicenses');
    await filterByUser(page, customer.id, 2);

    expect(await cell(page, held.id, 'Reserved to')).toBe(`e2e-workstation\n${customer.email} (user ${customer.id})`);
    expect(await cell(page, dongle.id, 'Reserved to')).toContain(`Dongle ${dongle.hid}`);
    await expectActions(page, dongle.id, ['Disable', 'Edit', 'Move', 'History']);

    await act(page, held.id, 'Release');
    await answerConfirmation(page, `Release license ${held.id}?`, 'Release seat');
    await notice(page, `License ${held.id} released`);
    await waitForCell(page, held.id, 'Reserved to', '');
    await expectActions(page, held.id, ['Disable', 'Edit', 'Move', 'History']);
  });

  it('moves a license to another user, and both users’ details list the move', async () => {
    const [admin, from, to] = await Promise.all([theAdmin(), newCustomer(), newCustomer()]);
    const license = await licenseFor(from, { license_type_id: 'Log' });
    const page = await openAs(admin, '/alllicenses');
    await filterByUser(page, from.id, 1);

    await act(page, license.id, 'Move');
    const dialog = page.getByRole('dialog', { name: `Move license ${license.id}` });
    const move = dialog.getByRole('button', { name: 'Move', exact: true });
    await dialog.getByLabel('Move to user id', { exact: true }).fill(String(to.id));
    await move.click();
    await answerConfirmation(page, `Move license ${license.id} to user ${to.id}?`, 'Move license');
    await notice(page, `License ${license.id} moved to user ${to.id}`);
    await page.getByText('No licenses match the filters.', { exact: true }).waitFor();

    await filterByUser(page, to.id, 1);
    expect(await cell(page, license.id, 'User')).toBe(to.email);
    await row(page, license.id).getByRole('link', { name: to.email }).click();
    await page.waitForURL((url) => url.pathname === `/alllicenses/${to.id}`);
    // The user's actions arrive with a call of their own: wait for the move's row.
    const firstAction = () => page.getByRole('table', { name: 'User actions' }).locator('tbody tr').first().locator('td').allInnerTexts();
    await expect
      .poll(async () => (await firstAction()).slice(1))
      .toEqual(['Move license', String(license.id), '', `${from.email} (user ${from.id})`, `${to.email} (user ${to.id})`, `${admin.email} (user ${admin.id})`, '']);
    const cells = await firstAction();
    expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await row(page, license.id).waitFor();

    // The user it came from lists the same move.
    await page.goto(`/alllicenses/${from.id}`);
    await page.getByText('No licenses.', { exact: true }).waitFor();
    await expect.poll(firstAction).toEqual(cells);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('copies the filtered list to the clipboard as CSV', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const first = await licenseFor(customer, { license_type_id: 'Battery' });
    const second = await licenseFor(customer, { license_type_id: 'Enterprise' });
    const page = await openAs(admin, '/alllicenses', { permissions: ['clipboard-read', 'clipboard-write'] });
    await filterByUser(page, customer.id, 2);

    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await notice(page, 'Licenses copied to the clipboard');
    const lines = (await page.evaluate(() => navigator.clipboard.readText())).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Id,Created,User id,User,Company,License type/);
    // In the list's order: newest first.
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([second.id, first.id]);
    expect(lines[1]).toContain(customer.email);
  });
});

describe('a user’s detail', () => {
  it('shows who they are, keeps the legacy flag, lists their licenses with Show expired, and adds new licenses', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const current = await licenseFor(customer, { license_type_id: 'Battery' });
    const expired = await licenseFor(customer, { valid_to: day(-40) });
    const page = await openAs(admin, '/alllicenses');
    await filterByUser(page, customer.id, 1);
    await row(page, current.id).getByRole('link', { name: customer.email }).click();
    await page.waitForURL((url) => url.pathname === `/alllicenses/${customer.id}`);
    await page.getByRole('heading', { name: 'User details' }).waitFor();

    const detail = (label: string) =>
      page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]').innerText();
    expect(await detail('User id')).toBe(String(customer.id));
    expect(await detail('Email')).toBe(customer.email);
    expect(await detail('Company')).toBe('Test Co');
    // No owner columns in one user's list; nothing moved yet.
    await row(page, current.id).waitFor();
    expect(await table(page).getByRole('button', { name: 'User', exact: true }).count()).toBe(0);
    await page.getByText('No actions yet.', { exact: true }).waitFor();

    // Legacy purchases: saved at once, still set after a reload.
    const legacy = page.getByRole('checkbox', { name: 'Allow legacy purchases' });
    expect(await legacy.isChecked()).toBe(false);
    await legacy.click();
    await notice(page, `User ${customer.id} may make legacy purchases`);
    await page.reload();
    await expect.poll(() => page.getByRole('checkbox', { name: 'Allow legacy purchases' }).isChecked()).toBe(true);

    // Show expired adds the expired license.
    await row(page, current.id).waitFor();
    expect(await row(page, expired.id).count()).toBe(0);
    await page.getByRole('switch', { name: 'Show expired' }).check();
    await row(page, expired.id).waitFor();
    expect(await cell(page, expired.id, 'State')).toBe('Expired 40 days ago');

    // Add new license: Automation, Standard, from today to a year later unless told.
    await page.getByRole('button', { name: 'Add new license' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add new license' });
    const today = new Date();
    const local = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const nextYear = new Date(today);
    nextYear.setFullYear(today.getFullYear() + 1);
    // The choices' names arrive with get_license_types and get_license_usages.
    await expect.poll(() => select(dialog, 'License type').inputValue()).toBe('Automation');
    await expect.poll(() => select(dialog, 'License usage').inputValue()).toBe('Standard');
    expect(await dialog.getByLabel('Valid from', { exact: true }).inputValue()).toBe(local(today));
    expect(await dialog.getByLabel('Valid to', { exact: true }).inputValue()).toBe(local(nextYear));
    await dialog.getByRole('button', { name: 'Add license' }).click();
    const addedNotice = page.getByRole('status').getByText(/^License \d+ added$/);
    await addedNotice.waitFor();
    const added = Number((await addedNotice.innerText()).match(/License (\d+) added/)![1]);
    await row(page, added).waitFor();
    expect(await cell(page, added, 'License type')).toBe('Automation');
    expect(await cell(page, added, 'License usage')).toBe('Standard');
    expect(await cell(page, added, 'Valid to')).toBe(local(nextYear));

    // A Pro license with BVT, 4 channels unless told, and no end.
    await page.getByRole('button', { name: 'Add new license' }).click();
    await choose(page, 'License type', 'Pro', dialog);
    await dialog.getByRole('checkbox', { name: 'BVT' }).check();
    expect(await dialog.getByLabel('Channels', { exact: true }).inputValue()).toBe('4');
    await choose(page, 'License usage', 'Trial', dialog);
    await dialog.getByLabel('Valid to', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Add license' }).click();
    const proNotice = page.getByRole('status').getByText(new RegExp(`^License (?!${added} )\\d+ added$`));
    await proNotice.waitFor();
    const pro = Number((await proNotice.innerText()).match(/License (\d+) added/)![1]);
    await row(page, pro).waitFor();
    expect(await cell(page, pro, 'License type')).toBe('Pro\nBVT (4 channels)');
    expect(await cell(page, pro, 'License usage')).toBe('Trial');
    expect(await cell(page, pro, 'State')).toBe('Perpetual');

    // Back to the list of all licenses.
    await page.getByRole('link', { name: /Back to all licenses/ }).click();
    await page.waitForURL((url) => url.pathname === '/alllicenses');
    await page.getByRole('heading', { name: 'All licenses', exact: true }).waitFor();
    expect(pathOf(page)).toBe('/alllicenses');
    expect(browser.pageErrors()).toEqual([]);
  });

  it('withdraws legacy purchases too', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const page = await openAs(admin, `/alllicenses/${customer.id}`);
    const legacy = page.getByRole('checkbox', { name: 'Allow legacy purchases' });
    await page.getByText('No licenses.', { exact: true }).waitFor();
    await legacy.click();
    await notice(page, `User ${customer.id} may make legacy purchases`);
    await legacy.click();
    await answerConfirmation(page, `Withdraw legacy purchases from user ${customer.id}?`, 'Withdraw');
    await notice(page, `User ${customer.id} may no longer make legacy purchases`);
    await page.reload();
    await legacy.waitFor();
    expect(await legacy.isChecked()).toBe(false);
  });
});

describe('Dongles', () => {
  it('lists a license bound to a dongle with its owner, hid and license id', async () => {
    const [admin, customer] = await Promise.all([theAdmin(), newCustomer()]);
    const hid = `E2E-DONGLE-${uniqueSuffix()}`;
    const license = await licenseFor(customer, { hid });
    const page = await openAs(admin, '/dongles');
    await page.getByRole('heading', { name: 'Dongles', exact: true }).waitFor();
    const dongles = page.getByRole('table', { name: 'Dongles' });
    const dongleRow = dongles.locator('tbody tr').filter({ hasText: hid });
    await dongleRow.waitFor();
    expect(await dongles.locator('thead th').allInnerTexts()).toEqual(['Id', 'Created', 'User', 'Dongle hid', 'License id']);
    const cells = await dongleRow.locator('td').allInnerTexts();
    expect(cells.slice(2)).toEqual([`${customer.email} (user ${customer.id})`, hid, String(license.id)]);
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Newest first.
    expect(await dongles.locator('tbody tr').first().innerText()).toContain(hid);

    await dongleRow.getByRole('link', { name: `${customer.email} (user ${customer.id})` }).click();
    await page.waitForURL((url) => url.pathname === `/alllicenses/${customer.id}`);
    await row(page, license.id).waitFor();
  });
});
