import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openSignedIn, useBrowser } from '../support/browser';

/**
 * The application shell at real widths, which only a browser lays out: below 640px the menu hides behind
 * the burger, from 640px it stands beside the content. The menu's entries for each kind of user and where
 * a page the user may not open (or none) sends them are component tests (web/test/screens/shell).
 */
const browser = useBrowser();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

describe('application shell', () => {
  it('hides the menu behind the burger below 640px (choosing a page closes it), and shows it beside the content from 640px', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/profile', {
      viewport: { width: 390, height: 844 },
    });
    const burger = page.getByRole('button', { name: 'Toggle navigation' });
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByRole('banner').getByRole('img', { name: 'Logo' }).isVisible()).toBe(true);
    expect(await burger.isVisible()).toBe(true);
    expect(await menu(page).isVisible()).toBe(false);

    await burger.click();
    await menu(page).getByRole('link', { name: 'Cases' }).waitFor({ state: 'visible' });
    await menu(page).getByRole('link', { name: 'Cases' }).click();
    await page.waitForURL((url) => url.pathname === '/cases');
    await page.getByRole('heading', { name: 'Cases' }).waitFor();
    await menu(page).waitFor({ state: 'hidden' });
    expect(await burger.getAttribute('aria-expanded')).toBe('false');

    await page.setViewportSize({ width: 640, height: 800 });
    await menu(page).waitFor({ state: 'visible' });
    await burger.waitFor({ state: 'hidden' });
    const nav = await menu(page).boundingBox();
    const heading = await page.getByRole('heading', { name: 'Cases', exact: true }).boundingBox();
    expect(nav && heading && heading.x >= nav.x + nav.width).toBe(true);
    expect(browser.pageErrors()).toEqual([]);
  });
});
