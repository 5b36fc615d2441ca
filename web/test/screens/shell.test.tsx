import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { caseAdminContract } from '../../../shared/contract/case.admin';
import { infoContract } from '../../../shared/contract/info';
import { licContract } from '../../../shared/contract/lic';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { productAdminContract } from '../../../shared/contract/product.admin';
import { userContract } from '../../../shared/contract/user';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { VERSIONS_PATH, type Versions } from '../../../shared/downloads/releases';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';

/**
 * The application shell as each kind of user sees it rendered: the banner, the menu's sections and
 * entries, and where a page the user may not open, or no page at all, sends them. Which entries and
 * routes exist is web/src/app/menu.test.ts; the menu at a phone's and a laptop's width is test/e2e/shell.
 */

const ADMIN_ENTRIES = ['All licenses', 'Registered products', 'Users', 'All organisations', 'Produced hardware', 'Dongles', 'Subscriptions', 'Dashboard', 'Usage', 'Latest', 'News', 'IV Curves', 'Audit trail'];
const USER_ENTRIES = ['Profile', 'Licenses', 'Organisations', 'My products', 'Download', 'Cases', 'Sign Out'];

const VERSIONS: Versions = { otii2: [{ version: '3.6.0', date: '2025-06-17', notes: 'New', downloadAllowed: true, software: [] }], otii: [], firmware2: [], firmware: [], eula: [] };

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const menuEntries = () => within(menu()).getAllByRole('link').map((link) => link.textContent);

/** What /download reads: the releases, the EULAs the user accepted and the release's news. */
function answerDownload() {
  api.serve(VERSIONS_PATH, VERSIONS);
  api.answer(userContract, 'get_eula_acceptances', { acceptances: [] });
  api.answer(infoContract, 'get_all_news', { news: [] });
}

describe('the application shell', () => {
  // First: a file's first viewer may be signed out, later ones not (web/test/support/render.tsx).
  it('sends a signed-out visitor to sign-in with a way back', async () => {
    await renderScreen('/changepassword', { as: 'signed-out' });
    await waitFor(() => expect(currentPath()).toBe('/signin?redirect=%2Fchangepassword'));
    await screen.findByRole('button', { name: 'Sign in' });
  });

  it('shows a customer the logo, the title and the user section, with no Admin section', async () => {
    answerProfile(CUSTOMER);
    answerDownload();
    await renderScreen('/download', { title: 'Download' });
    const banner = screen.getByRole('banner');
    within(banner).getByRole('heading', { name: 'User Management' });
    within(banner).getByRole('img', { name: 'Logo' });
    await waitFor(() => expect(menuEntries()).toEqual(USER_ENTRIES));
    expect(within(menu()).queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('shows an admin the Admin section in the menu order, and opens its pages', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    // What the Dashboard, the page the menu opens here, asks for: a business with nothing in it yet.
    api.answer(licAdminContract, 'get_license_statistics', { license_type_stats: [], graph: [] });
    api.answer(userAdminContract, 'get_user_statistics', { user_count: 0, newsletter_count: 0 });
    api.answer(productAdminContract, 'get_product_statistics', { registered_products: 0 });
    api.answer(caseAdminContract, 'get_case_statistics', { total: 0, open: 0, waiting_for_admin: 0, waiting_for_user: 0 });
    const { user } = await renderScreen('/alllicenses', { as: 'admin', title: 'All licenses' });
    await within(menu()).findByRole('heading', { name: 'Admin' });
    expect(menuEntries()).toEqual([...USER_ENTRIES, ...ADMIN_ENTRIES]);
    await user.click(within(menu()).getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard', level: 2 });
    expect(currentPath()).toBe('/dashboard');
  });

  it('shows Buy legacy licenses to a user whose legacy flag is set, and opens it', async () => {
    answerProfile({ ...CUSTOMER, legacy: true });
    answerDownload();
    api.answer(licContract, 'get_licenses', { licenses: [] });
    const { user } = await renderScreen('/download', { title: 'Download' });
    await waitFor(() => expect(menuEntries()).toEqual(['Profile', 'Licenses', 'Buy legacy licenses', ...USER_ENTRIES.slice(2)]));
    await user.click(within(menu()).getByRole('link', { name: 'Buy legacy licenses' }));
    await screen.findByRole('heading', { name: 'Buy legacy licenses', level: 2 });
    expect(currentPath()).toBe('/legacy');
  });

  for (const path of ['/users', '/alllicenses/1', '/dashboard', '/legacy', '/no-such-page', '/register']) {
    it(`sends a customer from ${path} to Download`, async () => {
      answerProfile(CUSTOMER);
      answerDownload();
      await renderScreen(path, { title: 'Download' });
      expect(currentPath()).toBe('/download');
    });
  }

});
