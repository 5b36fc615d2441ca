import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { stackContext } from '../support/api';
import { openSignedIn as openSignedInAs, pathOf, signInWith as signIn, uniqueSuffix as unique, useBrowser } from '../support/browser';

/**
 * Signing in and the session, against the local identity provider: the sign-in form (a wrong password,
 * then the redirect address), the profile saved and read back, a token refreshed near expiry, Sign Out
 * revoking the refresh token, and a session the API rejects. The profile form's rules are
 * web/test/screens/profile; a signed-out address going to sign-in with a way back is web/test/screens/shell.
 */
const browser = useBrowser();
const DEMO_USER = 'demo';

const openSignedIn = (path: string) => openSignedInAs(browser, DEMO_USER, inject('demoPassword'), path);

describe('sign in and profile', () => {
  it('signs in through the form after a wrong password, goes to the redirect address, saves the profile, refreshes a token near expiry, and signs out from the menu, revoking the refresh token', async () => {
    const page = await browser.newPage();
    await page.goto('/signin?redirect=/download');
    await signIn(page, DEMO_USER, 'Wrong-password-1');
    await page.getByText(/^Login failed - .+/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await signIn(page, DEMO_USER, inject('demoPassword'));
    await page.waitForURL((url) => url.pathname === '/download');
    await page.getByRole('heading', { name: 'Download' }).waitFor();

    // The profile: edited names and company saved, and kept after a reload.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await expect.poll(() => page.getByLabel('Username', { exact: true }).inputValue()).toBe(DEMO_USER);
    const suffix = unique();
    const values = { first: `First ${suffix}`, last: `Last ${suffix}`, company: `Company ${suffix}` };
    await page.getByLabel('First name').fill(values.first);
    await page.getByLabel('Last name').fill(values.last);
    await page.getByLabel('Company').fill(values.company);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();
    await page.reload();
    await page.getByLabel('First name').and(page.locator(`[value="${values.first}"]`)).waitFor();
    expect(await page.getByLabel('Last name').inputValue()).toBe(values.last);
    expect(await page.getByLabel('Company').inputValue()).toBe(values.company);

    // An access token near expiry is refreshed before the API is called.
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
    await expect.poll(() => page.getByLabel('Username', { exact: true }).inputValue()).toBe(DEMO_USER);
    expect(pathOf(page)).toBe('/profile');

    // Sign Out: back to sign-in, the session gone, its refresh token revoked.
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
      AuthParameters: { REFRESH_TOKEN: after.refreshToken },
    });
    await expect(cognito.send(refresh)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(browser.pageErrors()).toEqual([]);
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
});
