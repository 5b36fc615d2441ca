import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { redirectMessages } from '../../web/src/lib/redirect';
import { createConfirmedUser } from '../support/api';
import { openSignedIn, signInWith, useBrowser } from '../support/browser';

/**
 * Every `redirect` query goes only to this site or to a site the operator lists in /config.json
 * (`redirectOrigins`: the shop, the forum); any other address is not followed and the page says so.
 * The local stack lists no other site, so the allowed shop is added to its /config.json here, and both
 * sites answer from the test (no request leaves the machine).
 */
const browser = useBrowser();

const SHOP = 'https://shop.example.test';
const EVIL = 'https://evil.example';

/** Lists the shop in the page's /config.json, as an operator would. */
async function allowShop(page: Page): Promise<void> {
  await page.route('**/config.json', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), redirectOrigins: [SHOP] } });
    } catch {
      // The page closed while its request was under way: nothing to answer.
    }
  });
}

/**
 * Answers the shop and the attacker's site from here, and records every address the page asked of them
 * (once each: a page may go to the same address twice while it hands over to the next).
 */
async function foreignSites(page: Page): Promise<string[]> {
  const visited: string[] = [];
  for (const site of [SHOP, EVIL]) {
    await page.route(`${site}/**`, (route) => {
      if (!visited.includes(route.request().url())) visited.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>${new URL(site).host}</title><h1>Thank you</h1>` });
    });
  }
  return visited;
}

describe('the redirect query of /licenses and /ssosignout', () => {
  it('goes to a listed site and to a page of the portal, not to another site (and says so), and signs out naming a refused site', async () => {
    const user = await createConfirmedUser();
    const page = await openSignedIn(browser, user.username, user.password, '/profile');
    const visited = await foreignSites(page);
    await allowShop(page);
    await page.goto(`/licenses?redirect=${encodeURIComponent(`${EVIL}/`)}`);
    await page.getByRole('alert').getByText(redirectMessages.refused, { exact: true }).waitFor();
    await page.getByText('You have no licenses yet.', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/licenses');
    // Written another way, it is still another site.
    for (const target of ['//evil.example/x', `${SHOP}.evil.example/`, 'javascript:alert(1)']) {
      await page.goto(`/licenses?redirect=${encodeURIComponent(target)}`);
      await page.getByRole('alert').getByText(redirectMessages.refused, { exact: true }).waitFor();
      expect(new URL(page.url()).pathname, target).toBe('/licenses');
    }
    expect(visited).toEqual([]);

    // A path of the portal; a listed site.
    await page.goto(`/licenses?redirect=${encodeURIComponent('/download?version=1')}`);
    await page.waitForURL((url) => url.pathname === '/download');
    await page.getByRole('heading', { name: 'Download' }).first().waitFor();
    await page.goto(`/licenses?redirect=${encodeURIComponent(`${SHOP}/thanks?order=1`)}`);
    await page.waitForURL(`${SHOP}/thanks?order=1`);
    expect(visited).toEqual([`${SHOP}/thanks?order=1`]);

    // /ssosignout signs out and names a refused site on the sign-in page instead of going there.
    await page.goto(`/ssosignout?redirect=${encodeURIComponent(`${EVIL}/`)}`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('status').getByText(redirectMessages.refused, { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
    expect(visited).toEqual([`${SHOP}/thanks?order=1`]);
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('the redirect query of /signin', () => {
  it('goes on to a listed site after signing in, and lands on the profile with the notice for another', async () => {
    const user = await createConfirmedUser();
    let page = await browser.newPage();
    let visited = await foreignSites(page);
    await allowShop(page);
    await page.goto(`/signin?redirect=${encodeURIComponent(`${SHOP}/account`)}`);
    await signInWith(page, user.username, user.password);
    await page.waitForURL(`${SHOP}/account`);
    expect(visited).toEqual([`${SHOP}/account`]);

    page = await browser.newPage();
    visited = await foreignSites(page);
    await allowShop(page);
    await page.goto(`/signin?redirect=${encodeURIComponent(`${EVIL}/phish`)}`);
    await signInWith(page, user.username, user.password);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('status').getByText(redirectMessages.refused, { exact: true }).waitFor();
    expect(visited).toEqual([]);
  });
});
