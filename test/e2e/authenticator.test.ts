import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authenticatorMessages } from '../../shared/authenticator';
import { createAdminUserWithoutMfa, createConfirmedUser, totpCode } from '../support/api';
import { openSignedIn, pathOf, signInWith, useBrowser } from '../support/browser';

const browser = useBrowser();

const errorText = (page: Page, text: string) => page.getByRole('alert').getByText(text, { exact: true });

/** A code that is not the current one (nor the one either side of it). */
const wrongCode = (secret: string) => String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

/** Starts the set-up and reads the secret as a person would type it from the screen. */
async function startSetup(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const shown = await page.getByTestId('authenticator-secret').textContent();
  return (shown ?? '').replace(/\s/g, '');
}

describe('two-factor sign-in in the browser', () => {
  it('has an administrator set up an authenticator before the Admin pages open, then asks for its code at every sign-in', async () => {
    const admin = await createAdminUserWithoutMfa();
    const page = await openSignedIn(browser, admin.username, admin.password, '/users');
    await page.getByText(authenticatorMessages.adminRequired).waitFor();
    expect(await page.getByRole('heading', { name: 'Users' }).count()).toBe(0);

    const secret = await startSetup(page);
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Authentication code', { exact: true }).fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await errorText(page, authenticatorMessages.wrongCode).waitFor();

    await page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Users' }).waitFor();

    // A new sign-in: the password alone is not enough any more.
    const next = await browser.newPage();
    await next.goto('/signin?redirect=%2Fusers');
    await signInWith(next, admin.username, admin.password);
    const code = next.getByLabel('Authentication code', { exact: true });
    await code.fill(wrongCode(secret));
    await next.getByRole('button', { name: 'Verify' }).click();
    await errorText(next, authenticatorMessages.wrongCode).waitFor();
    expect(pathOf(next)).toBe('/signin?redirect=%2Fusers');

    await code.fill(totpCode(secret));
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.waitForURL((url) => url.pathname === '/users');
    await next.getByRole('heading', { name: 'Users' }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });

  it('signs the demo admin in with a code from the secret npm start prints', async () => {
    const page = await browser.newPage();
    await page.goto('/signin?redirect=%2Fdashboard');
    await signInWith(page, 'admin', inject('demoPassword'), inject('demoAdminTotpSecret'));
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('lets a customer turn two-factor sign-in on and off again', async () => {
    const user = await createConfirmedUser();
    const page = await openSignedIn(browser, user.username, user.password, '/authenticator');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    const secret = await startSetup(page);
    await page.getByLabel('Authentication code', { exact: true }).fill(totpCode(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('status').getByText(authenticatorMessages.turnedOn).waitFor();

    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('status').getByText(authenticatorMessages.turnedOff).waitFor();
    await page.getByRole('button', { name: 'Set up authenticator' }).waitFor();

    // Off means off: the password alone signs in again.
    const next = await openSignedIn(browser, user.username, user.password, '/profile');
    expect(pathOf(next)).toBe('/profile');
    expect(browser.pageErrors()).toEqual([]);
  });
});
