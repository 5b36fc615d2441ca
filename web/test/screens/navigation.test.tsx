import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { infoContract } from '../../../shared/contract/info';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { productContract } from '../../../shared/contract/product';
import { userContract } from '../../../shared/contract/user';
import { VERSIONS_PATH, type Versions } from '../../../shared/downloads/releases';
import { placeholderRoutes } from '../../src/features/placeholders/routes';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { currentPath, renderScreen } from '../support/render';

/**
 * Every page reachable without typing an address: the side menu (the product's fixed list), the links
 * on pages to what the menu does not name (license codes for admins, IV curves and firmware for every
 * user), and what a page not built yet says. A download address naming a version that does not exist is
 * web/test/screens/download.test.tsx.
 * The menu entries' order and who sees which is web/src/app/menu.test.ts.
 */

const USER_ENTRIES = ['Profile', 'Licenses', 'Organisations', 'My products', 'Download', 'Cases', 'Sign Out'];

const menu = () => screen.getByRole('navigation', { name: 'Main menu' });
const menuEntries = () => within(menu()).getAllByRole('link').map((link) => link.textContent);
/** A link in the page's content, outside the side menu. */
const pageLink = (name: string) => within(screen.getByRole('main')).getByRole('link', { name });

const VERSIONS: Versions = {
  otii2: [
    {
      version: '3.6.0',
      date: '2025-06-17',
      notes: 'New in 3.6.0',
      downloadAllowed: true,
      software: [{ os: 'windows', arch: 'x64', title: 'Installer (.exe)', package: 'Otii-3.6.0-setup.exe' }],
    },
    { version: '3.5.2', date: '2025-03-02', notes: 'Fixes', downloadAllowed: true, software: [] },
  ],
  otii: [],
  firmware2: [{ type: 'Arc', version: '1.4.0', date: '2025-05-30', notes: 'Lower noise', downloadAllowed: true, package: 'arc-1.4.0.zip' }],
  firmware: [],
  eula: [],
};

function answerCurves({ canPublish }: { canPublish: boolean }) {
  api.answer(userContract, 'get_iv_curves', { curves: [], count: 0, can_publish: canPublish });
}

describe('a customer', () => {
  it('reaches IV curves and firmware from My products, though the side menu names neither', async () => {
    answerProfile(CUSTOMER);
    api.answer(productContract, 'get_products', { products: [] });
    answerCurves({ canPublish: false });
    api.serve(VERSIONS_PATH, VERSIONS);
    api.answer(userContract, 'get_eula_acceptances', { acceptances: [] });
    const { user } = await renderScreen('/myproducts', { title: 'My products' });
    await waitFor(() => expect(menuEntries()).toEqual(USER_ENTRIES));

    await user.click(pageLink('IV curves'));
    await screen.findByRole('heading', { name: 'IV Curves', level: 2 });
    expect(currentPath()).toBe('/ivcurves');
    await screen.findByRole('heading', { name: 'Upload a new IV curve' });

    await user.click(within(menu()).getByRole('link', { name: 'My products' }));
    await user.click(await screen.findByRole('link', { name: 'Firmware for your units' }));
    await screen.findByRole('heading', { name: 'Firmware', level: 2 });
    expect(currentPath()).toBe('/firmware');
    await screen.findByText('Lower noise');
  });

  it('reaches firmware from Download too', async () => {
    answerProfile(CUSTOMER);
    api.serve(VERSIONS_PATH, VERSIONS);
    api.answer(userContract, 'get_eula_acceptances', { acceptances: [] });
    api.answer(infoContract, 'get_all_news', { news: [] });
    const { user } = await renderScreen('/download', { title: 'Download' });
    await user.click(await screen.findByRole('link', { name: 'Firmware release notes' }));
    await screen.findByRole('heading', { name: 'Firmware', level: 2 });
  });

  // Any screen still to be built (none once every issue has landed).
  const placeholder = placeholderRoutes[0];
  it.skipIf(!placeholder)('is told in words that a page is not built yet, instead of a bare title', async () => {
    const { path, title } = placeholder! as { path: string; title: string };
    answerProfile(ADMIN);
    await renderScreen(path, { as: 'admin', title });
    expect(within(screen.getByRole('main')).getByText(`${title} is not available yet: this page comes with a later version of the portal.`)).toBeTruthy();
  });
});

describe('an admin', () => {
  it('reaches the license code generator and the code list from All licenses, which the menu marks while they are open', async () => {
    answerProfile(ADMIN);
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    api.answer(licAdminContract, 'get_license_codes', { codes: [], count: 0 });
    const { user } = await renderScreen('/alllicenses', { as: 'admin', title: 'All licenses' });
    await within(menu()).findByRole('heading', { name: 'Admin' });
    expect(within(menu()).queryByRole('link', { name: /code/i })).toBeNull();

    const allLicensesEntry = () => within(menu()).getByRole('link', { name: 'All licenses' });
    expect(allLicensesEntry().getAttribute('aria-current')).toBe('page');

    await user.click(pageLink('Generate license codes'));
    await screen.findByRole('heading', { name: 'License code generator', level: 2 });
    expect(currentPath()).toBe('/createcodes');
    // The code screens belong under All licenses: the menu shows that section as the current one.
    expect(allLicensesEntry().getAttribute('aria-current')).toBe('true');
    expect(within(menu()).getAllByRole('link').filter((link) => link.hasAttribute('aria-current'))).toEqual([allLicensesEntry()]);

    await user.click(allLicensesEntry());
    await user.click(await screen.findByRole('link', { name: 'All license codes' }));
    await screen.findByRole('heading', { name: 'License codes', level: 2 });
    expect(currentPath()).toBe('/listcodes');
    expect(allLicensesEntry().getAttribute('aria-current')).toBe('true');
  });

  it('reaches IV Curves from the Admin section of the menu', async () => {
    answerProfile(ADMIN);
    answerCurves({ canPublish: true });
    api.answer(productContract, 'get_products', { products: [] });
    answerLicenseCatalogue();
    api.answer(licAdminContract, 'get_all_licenses', { rows: [], count: 0 });
    const { user } = await renderScreen('/alllicenses', { as: 'admin', title: 'All licenses' });
    await user.click(within(menu()).getByRole('link', { name: 'IV Curves' }));
    await screen.findByRole('heading', { name: 'IV Curves', level: 2 });
  });
});
