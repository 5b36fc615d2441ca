import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { asUnit, callApi, createConfirmedUser } from '../support/api';
import { openSignedIn, pathOf, useBrowser } from '../support/browser';

const browser = useBrowser();

const ADMIN_ENTRIES = [
  'All licenses',
  'Registered products',
  'Users',
  'Produced hardware',
  'Dongles',
  'Subscriptions',
  'Dashboard',
  'Usage',
  'Latest',
  'News',
  'IV Curves',
  'Audit trail',
];
const USER_ENTRIES = ['Profile', 'Licenses', 'My products', 'Download', 'Cases', 'Sign Out'];

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const menuEntries = async (page: Page) => (await menu(page).getByRole('link').allInnerTexts()).map((text) => text.trim());

describe('application shell', () => {
  it('shows the logo, the title and the user section; the Admin section is for admins only', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile');
    await page.getByRole('banner').getByRole('heading', { name: 'User Management' }).waitFor();
    expect(await page.getByRole('banner').getByRole('img', { name: 'Logo' }).isVisible()).toBe(true);
    await menu(page).getByRole('link', { name: 'Profile' }).waitFor();
    expect(await menuEntries(page)).toEqual(USER_ENTRIES);
    expect(await menu(page).getByRole('heading', { name: 'Admin' }).count()).toBe(0);
  });

  it('shows an admin the Admin section in the menu order, and its pages', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/profile');
    await menu(page).getByRole('heading', { name: 'Admin' }).waitFor();
    expect(await menuEntries(page)).toEqual([...USER_ENTRIES, ...ADMIN_ENTRIES]);
    await menu(page).getByRole('link', { name: 'Users', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await menu(page).getByRole('link', { name: 'Produced hardware' }).click();
    await page.waitForURL((url) => url.pathname === '/devices');
    await page.getByRole('heading', { name: 'Produced hardware' }).waitFor();
  });

  it('refuses an admin page to a user who is not an admin and sends them to Download', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile');
    for (const path of ['/users', '/alllicenses/1', '/dashboard']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/download');
      await page.getByRole('heading', { name: 'Download' }).waitFor();
    }
    // The legacy page is only for users with the legacy flag, which demo does not have.
    expect(await menu(page).getByRole('link', { name: 'Buy legacy licenses' }).count()).toBe(0);
    await page.goto('/legacy');
    await page.waitForURL((url) => url.pathname === '/download');
  });

  it('shows Buy legacy licenses to a user whose legacy flag is set, and lets them open it', async () => {
    // The admin switch for the flag comes with the admin screens; here the record is set as it would.
    const { UserEntity } = await import('../../functions/domain/users/user.entity');
    const { UpdateItemCommand } = await import('dynamodb-toolbox/entity/actions/update');
    const user = await createConfirmedUser();
    const profile = (await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.data as { id: number };
    const { Attributes } = await asUnit({ endpoint: 'user' }, () =>
      UserEntity.build(UpdateItemCommand)
        .item({ sub: JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()).sub, legacy: true })
        .options({ returnValues: 'ALL_NEW' })
        .send(),
    );
    expect(Attributes).toMatchObject({ id: profile.id, legacy: true });

    const page = await openSignedIn(browser, user.username, user.password, '/profile');
    await menu(page).getByRole('link', { name: 'Buy legacy licenses' }).click();
    await page.waitForURL((url) => url.pathname === '/legacy');
    await page.getByRole('heading', { name: 'Buy legacy licenses' }).waitFor();
    expect(await menuEntries(page)).toEqual(['Profile', 'Licenses', 'Buy legacy licenses', ...USER_ENTRIES.slice(2)]);
  });

  it('sends an unknown signed-in path to Download and a signed-out one to sign-in with a way back', async () => {
    const signedOut = await browser.newPage();
    await signedOut.goto('/changepassword');
    await signedOut.waitForURL((url) => url.pathname === '/signin');
    expect(pathOf(signedOut)).toBe('/signin?redirect=%2Fchangepassword');

    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile');
    await page.goto('/no-such-page');
    await page.waitForURL((url) => url.pathname === '/download');
    await page.goto('/register');
    await page.waitForURL((url) => url.pathname === '/download');
  });

  it('below 640px hides the menu behind the burger, which opens it; choosing a page closes it', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/profile', {
      viewport: { width: 390, height: 844 },
    });
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await burger.isVisible()).toBe(true);
    expect(await menu(page).isVisible()).toBe(false);

    await burger.click();
    await menu(page).getByRole('link', { name: 'Cases' }).waitFor({ state: 'visible' });
    await menu(page).getByRole('link', { name: 'Cases' }).click();
    await page.waitForURL((url) => url.pathname === '/cases');
    await page.getByRole('heading', { name: 'Cases' }).waitFor();
    await menu(page).waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the menu beside the content from 640px, without a burger', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile', {
      viewport: { width: 640, height: 800 },
    });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await menu(page).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Toggle navigation' }).isVisible()).toBe(false);
    const nav = await menu(page).boundingBox();
    const heading = await page.getByRole('heading', { name: 'Profile' }).boundingBox();
    expect(nav && heading && heading.x >= nav.x + nav.width).toBe(true);
  });
});
