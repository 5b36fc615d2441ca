import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { callApi, signIn } from '../support/api';
import { pathOf, signInWith, useBrowser } from '../support/browser';

const browser = useBrowser();

/** The forum's side of DiscourseConnect, written independently of the portal. */
const FORUM = 'https://forum.example.com';
const hmac = (text: string) => createHmac('sha256', inject('localStack').functionEnv.SSO_SECRET!).update(text).digest('hex');
function forumRequest(nonce: string) {
  const sso = Buffer.from(new URLSearchParams({ nonce, return_sso_url: `${FORUM}/session/sso_login` }).toString()).toString('base64');
  return { sso, sig: hmac(sso) };
}
/**
 * A fresh nonce whose request payload's base64 ends in '=' padding, which the URL carries percent-encoded.
 * (The base64 of a form-encoded ASCII text never holds '+' or '/'; the portal's unit tests cover those.)
 */
function paddedNonce(): string {
  for (let pad = ''; pad.length < 3; pad += 'x') {
    const nonce = `nonce-${Date.now()}${pad}`;
    if (forumRequest(nonce).sso.endsWith('=')) return nonce;
  }
  throw new Error('No nonce gives a padded payload');
}
const ssoSignInPath = ({ sso, sig }: { sso: string; sig: string }) =>
  `/ssosignin?sso=${encodeURIComponent(sso)}&sig=${sig}`;

/** Answers every request to the forum with a page, and records the URLs the browser asked for. */
async function fakeForum(page: Page): Promise<string[]> {
  const visited: string[] = [];
  await page.context().route(`${FORUM}/**`, async (route) => {
    visited.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Forum</h1>' });
  });
  return visited;
}

describe('single sign-on for the forum', () => {
  it('sends a signed-out visitor through sign-in, then back to the forum with the signed identity', async () => {
    const page = await browser.newPage();
    const visited = await fakeForum(page);
    const nonce = paddedNonce();
    const path = ssoSignInPath(forumRequest(nonce));

    await page.goto(path);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(pathOf(page)).toBe(`/signin?redirect=${encodeURIComponent(path)}`);
    await signInWith(page, 'demo', inject('demoPassword'));
    await page.waitForURL((url) => url.origin === FORUM);
    await page.getByRole('heading', { name: 'Forum' }).waitFor();

    const landed = new URL(visited.at(-1)!);
    expect(landed.pathname).toBe('/session/sso_login');
    const sso = landed.searchParams.get('sso')!;
    const sig = landed.searchParams.get('sig')!;
    expect(sig).toBe(hmac(sso));
    const fields = new URLSearchParams(Buffer.from(sso, 'base64').toString());
    const { accessToken } = await signIn('demo', inject('demoPassword'));
    const profile = (await callApi('user', { cmd: 'get_user_profile' }, accessToken)).body.data as { id: number };
    expect(fields.get('nonce')).toBe(nonce);
    expect(fields.get('username')).toBe('demo');
    expect(fields.get('external_id')).toBe(String(profile.id));
    expect(fields.get('admin')).toBe('false');
    expect(browser.pageErrors()).toEqual([]);
  });

  it('shows the server message in red when the request is not signed by the forum', async () => {
    const page = await browser.newPage();
    await fakeForum(page);
    const good = forumRequest(`nonce-${Date.now()}`);
    const path = ssoSignInPath({ sso: good.sso, sig: hmac('something else') });
    await page.goto(`/signin?redirect=${encodeURIComponent(path)}`);
    await signInWith(page, 'demo', inject('demoPassword'));
    await page.waitForURL((url) => url.pathname === '/ssosignin');
    await page.getByRole('alert').getByText('Single sign-on request has an invalid signature').waitFor();
    expect(new URL(page.url()).origin).not.toBe(FORUM);
  });

  it('signs out through /ssosignout and returns to the forum it signed in to, never elsewhere', async () => {
    const page = await browser.newPage();
    const visited = await fakeForum(page);
    await page.goto(`/signin?redirect=${encodeURIComponent(ssoSignInPath(forumRequest(`nonce-${Date.now()}`)))}`);
    await signInWith(page, 'demo', inject('demoPassword'));
    await page.waitForURL((url) => url.origin === FORUM);

    // Signed in again on the portal, the forum's logout sends the browser to /ssosignout.
    await page.goto(inject('baseUrl') + '/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.goto(`${inject('baseUrl')}/ssosignout?redirect=${encodeURIComponent(`${FORUM}/latest`)}`);
    await page.waitForURL(`${FORUM}/latest`);
    expect(visited.at(-1)).toBe(`${FORUM}/latest`);

    await page.goto(inject('baseUrl') + '/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();

    // Another site is not a place to send a signed-out user.
    await page.goto(`${inject('baseUrl')}/ssosignout?redirect=${encodeURIComponent('https://elsewhere.example.com/')}`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});
