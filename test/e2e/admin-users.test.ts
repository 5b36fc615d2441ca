// test tenant: with the demo's volume
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { openSignedIn, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';
import { tablesScrollingSideways } from '../support/screens';

/**
 * Admin Users clicked through as an admin would: find a customer among every user of the stack by a
 * company name of their own, read their information in the read-only dialog, open their detail, and
 * export the searched list as CSV through the link the page shows. The screen's own rules (paging,
 * sorting, the link's lifetime) are component tests: web/test/screens/users.test.tsx.
 */
const browser = useBrowser();

const rowOf = (page: Page, email: string) => page.getByRole('table', { name: 'Users' }).locator('tbody tr').filter({ hasText: email });

describe('admin users', () => {
  it('finds a customer by company, shows their information and detail, and exports the search as CSV', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    // Names and a company of one long word each, as customers type them.
    const [firstName, lastName] = ['Maximilianfriedrich', 'Wolfeschlegelsteinhausenbergerdorff'];
    const company = `Donaudampfschifffahrtsgesellschaft${customer.id}`;
    await callApi('user', { cmd: 'update_user_profile', first_name: firstName, last_name: lastName, company }, customer.accessToken);
    // Given as an admin gives it: the admin cmd keeps the owner's counts on their row.
    const given = await callApi('lic/5', { cmd: 'create_license', user_id: customer.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' }, admin.accessToken);
    expect(given.body.status).toBe('ok');

    const page = await openSignedIn(browser, admin.username, admin.password, '/users', { totpSecret: admin.totpSecret });
    await page.getByRole('textbox', { name: 'Search' }).fill(company);
    await page.getByText('1 user', { exact: true }).waitFor();
    const row = rowOf(page, customer.email);
    // Id, Created, Last active, Email, First name, Last name, Company, Arc, Ace, Pro, Automation, Battery.
    await expect.poll(async () => (await row.locator('td').allInnerTexts()).map((cell) => cell.trim()).slice(3)).toEqual([
      customer.email,
      firstName,
      lastName,
      company,
      '',
      '',
      '',
      '',
      '1',
    ]);
    // On a laptop (1280 px) the long words wrap inside their columns: the table does not scroll sideways.
    expect(await tablesScrollingSideways(page)).toEqual([]);

    // Read-only information over the list.
    await row.getByRole('button', { name: `Info for user ${customer.id}` }).click();
    const info = page.getByRole('dialog', { name: `User information: user ${customer.id}` });
    await info.getByText(company, { exact: true }).waitFor();
    await info.getByRole('link', { name: 'Open user detail' }).click();
    await page.waitForURL((url) => url.pathname === `/users/${customer.id}`);
    await page.getByText(customer.email, { exact: true }).first().waitFor();
    await page.getByRole('link', { name: /Back to users/ }).click();
    await page.waitForURL((url) => url.pathname === '/users');

    // The CSV of the search: the link the page shows gives the file while it lives.
    await page.getByRole('textbox', { name: 'Search' }).fill(company);
    await page.getByText('1 user', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create CSV' }).click();
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor();
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(customer.email);
    expect(lines[1]).toContain(company);
  });
});
