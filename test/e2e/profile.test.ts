import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { stackContext } from '../support/api';
import { openSignedIn as openSignedInAs, pathOf, signInWith as signIn, uniqueSuffix as unique, useBrowser } from '../support/browser';

const browser = useBrowser();
const DEMO_USER = 'demo';

const openSignedIn = (path: string) => openSignedInAs(browser, DEMO_USER, inject('demoPassword'), path);

describe('sign in and profile', () => {
  it('sends a signed-out visit of /profile to the sign-in page', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });

  it('shows "Login failed - …" for a wrong password and stays signed out', async () => {
    const page = await browser.newPage();
    await page.goto('/signin');
    await signIn(page, DEMO_USER, 'Wrong-password-1');
    const error = page.getByText(/^Login failed - .+/);
    await error.waitFor();
    expect(pathOf(page)).toBe('/signin');
    expect(browser.pageErrors()).toEqual([]);
  });

  it('signs in to the profile, saves edited names and company, and keeps them after a reload', async () => {
    const page = await browser.newPage();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
    await signIn(page, DEMO_USER, inject('demoPassword'));
    await page.waitForURL((url) => url.pathname === '/profile');

    await expect(page.getByLabel('Username', { exact: true }).inputValue()).resolves.toBe(DEMO_USER);
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();

    const suffix = unique();
    const values = { first: `First ${suffix}`, last: `Last ${suffix}`, company: `Company ${suffix}` };
    await page.getByLabel('First name').fill(values.first);
    await page.getByLabel('Last name').fill(values.last);
    await page.getByLabel('Company').fill(values.company);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();

    await page.reload();
    await page.getByLabel('First name').and(page.locator(`[value="${values.first}"]`)).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe(values.first);
    expect(await page.getByLabel('Last name').inputValue()).toBe(values.last);
    expect(await page.getByLabel('Company').inputValue()).toBe(values.company);
    expect(pathOf(page)).toBe('/profile');
    expect(browser.pageErrors()).toEqual([]);
  });

  it('goes to the redirect address after sign-in', async () => {
    const page = await browser.newPage();
    await page.goto('/signin?redirect=/download');
    await signIn(page, DEMO_USER, inject('demoPassword'));
    await page.waitForURL((url) => url.pathname === '/download');
    await page.getByRole('heading', { name: 'Download' }).waitFor();
  });

  it('refreshes an access token near expiry before calling the API', async () => {
    const page = await openSignedIn('/profile');
    await page.getByLabel('First name').waitFor();
    const before = await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('portal.session') ?? 'null');
      // Pretend the access token expires now, as an hour-old session would.
      stored.expiresAt = stored.issuedAt;
      localStorage.setItem('portal.session', JSON.stringify(stored));
      return stored;
    });
    await page.reload();
    await page.getByLabel('First name').waitFor();
    await page.waitForFunction(
      (old) => JSON.parse(localStorage.getItem('portal.session') ?? 'null')?.accessToken !== old,
      before.accessToken,
    );
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? 'null'));
    expect(after.refreshToken).toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(after.issuedAt);
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(DEMO_USER);
    expect(pathOf(page)).toBe('/profile');
  });

  it('signs out and reloads when the API rejects the session', async () => {
    const page = await openSignedIn('/licenses');
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('portal.session') ?? 'null');
      stored.accessToken = `${stored.accessToken.split('.').slice(0, 2).join('.')}.forged`;
      localStorage.setItem('portal.session', JSON.stringify(stored));
    });
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(pathOf(page)).toBe('/signin?redirect=%2Fprofile');
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
  });

  it('signs out from the menu back to the sign-in page and revokes the refresh token', async () => {
    const page = await openSignedIn('/profile');
    const { refreshToken } = await page.evaluate(() => JSON.parse(localStorage.getItem('portal.session') ?? 'null'));
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal.session'))).toBeNull();
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/signin');

    const { cognito, localStack } = stackContext();
    const refresh = new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: localStack.resources.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    await expect(cognito.send(refresh)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
