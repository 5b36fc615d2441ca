// test tenant: with the demo's volume
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { RouteAccess } from '../../web/src/lib/routing/route-declaration';
import { callApi, createConfirmedUser, signIn } from '../support/api';
import { expectAccessibleInBothSchemes } from '../support/axe';
import { openSignedIn, useBrowser } from '../support/browser';
import { withUserId } from '../support/licenses';
import { declaredScreens, screensFor, tablesScrollingSideways, unreachableOnAPhone, valuesBrokenInside, visitScreen, type Screen } from '../support/screens';

/**
 * Every screen passes axe-core's WCAG 2.1 A/AA rules, colour contrast included, in both colour schemes.
 * The screens come from the route declarations: a new route is checked the moment it is declared. Each
 * role has one browser context, signed in once (a session injected), and moves from screen to screen
 * inside the SPA; each screen is checked with every rule in the light scheme and the colour rules again
 * in the dark one (the markup is the same in both). The states a screen can be in (a form with errors,
 * a dialog or menu open, a phone's width) are accessibility-states.test.ts (a file of its own, so the
 * two run side by side). While a screen is open its tables are measured too: none scrolls sideways at
 * 1280 px nor breaks an id, email or date over two lines, and at 390 px each keeps its row actions in
 * reach (tablesFit). The demo accounts are only
 * looked at.
 */
const browser = useBrowser();

/**
 * Checks every screen of `access` on `page` (already open on the SPA), naming each screen that fails.
 * Routes that show the same page are checked once: the screens later issues build (Cases, Users,
 * Dashboard …) are one placeholder page until then, the same markup under another title.
 */
async function checkScreens(page: Page, screens: Screen[], access: RouteAccess[]): Promise<string[]> {
  const tooWide: string[] = [];
  const seen = new Set<unknown>();
  const checked = screensFor(screens, access).filter((screen) => {
    const page = screen.route.page ?? 'placeholder';
    if (seen.has(page)) return false;
    seen.add(page);
    return true;
  });
  for (const screen of checked) {
    await visitScreen(page, screen);
    await expectAccessibleInBothSchemes(page, `${screen.path} (${screen.access})`, { soft: true });
    tooWide.push(...(await tablesFit(page)).map((problem) => `${screen.path}: ${problem}`));
  }
  // Every list fits a laptop, and keeps its rows' actions in reach on a phone (decision 033).
  expect(tooWide).toEqual([]);
  return checked.map((screen) => screen.path);
}

/**
 * What does not fit on the open screen (the browser's default window, 1280 × 720): a table that scrolls
 * sideways, or a value broken inside. On a screen with a table, the same again at a phone's width (390 px): the page must not
 * scroll sideways and each table's row actions must be in sight without scrolling the table.
 */
async function tablesFit(page: Page): Promise<string[]> {
  const problems = (await tablesScrollingSideways(page)).map((table) => `${table} scrolls sideways at 1280 px`);
  problems.push(...(await valuesBrokenInside(page)).map((value) => `${value} is broken over two lines at 1280 px`));
  if ((await page.locator('table').count()) === 0) return problems;
  const wide = page.viewportSize() ?? { width: 1280, height: 720 };
  const burger = page.getByRole('button', { name: 'Toggle navigation' });
  await page.setViewportSize({ width: 390, height: 844 });
  await burger.waitFor({ state: 'visible' });
  // The page settles into its phone layout after the menu does (components that follow the width in
  // script): what is out of reach is read until nothing is, or for 5 s, and the last read is reported.
  let unreachable: string[] = [];
  await expect
    .poll(async () => (unreachable = await unreachableOnAPhone(page)), { timeout: 5_000 })
    .toEqual([])
    .catch(() => undefined);
  problems.push(...unreachable.map((what) => `${what} out of reach at 390 px`));
  await page.setViewportSize(wide);
  await burger.waitFor({ state: 'hidden' });
  return problems;
}

/** The demo customer's user id: the admin's user detail route shows it; the placeholder routes take any id. */
async function demoUserId(): Promise<number> {
  return (await withUserId(await signIn('demo', inject('demoPassword')))).id;
}

// Each test checks every screen of a role in both schemes: a hang guard of a few minutes, not a measure of speed.
describe('every declared screen, light and dark', { timeout: 240_000 }, () => {
  it('signed out: the sign-in, registration and password screens', async () => {
    const screens = await declaredScreens({ id: await demoUserId() });
    const page = await browser.newPage();
    await page.goto('/signin');
    const checked = await checkScreens(page, screens, ['signed-out', 'public']);
    expect(checked).toContain('/signin');
  });

  it('signed in as the demo customer: every screen a customer may open', async () => {
    const screens = await declaredScreens({ id: await demoUserId() });
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile');
    const checked = await checkScreens(page, screens, ['signed-in']);
    expect(checked).toEqual(expect.arrayContaining(['/profile', '/licenses', '/ivcurves']));
  });

  it('signed in as a user allowed legacy purchases: the legacy purchase screen', async () => {
    const [screens, user, admin] = await Promise.all([
      declaredScreens({ id: await demoUserId() }),
      createConfirmedUser().then(withUserId),
      signIn('admin', inject('demoPassword'), inject('demoAdminTotpSecret')),
    ]);
    const allowed = await callApi('user', { cmd: 'set_user_legacy', user_id: user.id, legacy: true }, admin.accessToken);
    expect(allowed.body.status).toBe('ok');
    const page = await openSignedIn(browser, user.username, user.password, '/profile');
    expect(await checkScreens(page, screens, ['legacy'])).toEqual(['/legacy']);
  });

  it('signed in as the demo admin: every admin screen, with the menu’s Admin section', async () => {
    const screens = await declaredScreens({ id: await demoUserId() });
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/profile');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('heading', { name: 'Admin' }).waitFor();
    const checked = await checkScreens(page, screens, ['admin']);
    expect(checked).toEqual(expect.arrayContaining(['/alllicenses', '/dongles', '/users', '/audit']));
  });
});
