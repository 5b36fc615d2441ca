import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/validation';
import { mailsTo, pathOf, signInWith, uniqueSuffix, useBrowser, waitForCode } from '../support/browser';

/**
 * An account's life against the local identity provider, in one browser path: register, verify, sign in,
 * change the password, sign out, recover it, and ask for the account's deletion and withdraw it. The
 * identity provider's refusals (a taken email or username, an account already confirmed, an unknown
 * username) are named by test/integration/accounts and pre-signup and put in words by
 * web/src/features/auth/errors.test.ts; the Delete account screen's rules are
 * web/test/screens/delete-account.
 */
const browser = useBrowser();

/** A form field by its label; a required field's label ends in an asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** The red error string at the top of the page (the shared state's error). */
const errorText = (page: Page, text: string) => page.getByRole('alert').getByText(text, { exact: true });

async function fillRegistration(page: Page, values: { username: string; email: string; password: string }) {
  await field(page, 'Username').fill(values.username);
  await field(page, 'Password').fill(values.password);
  await field(page, 'Confirm password').fill(values.password);
  await field(page, 'Email').fill(values.email);
  await field(page, 'First name').fill('Regina');
  await field(page, 'Last name').fill('Tester');
  await field(page, 'Company').fill('E2E Labs');
}

describe('accounts', () => {
  it('registers, verifies with the newest code, signs in, changes the password, signs out, recovers it, and asks for the account’s deletion and withdraws it', async () => {
    const page = await browser.newPage();
    const username = `reg${uniqueSuffix()}`;
    const email = `${username}@example.com`;
    const passwords = { first: 'Passw0rdA', changed: 'Passw0rdB', recovered: 'Passw0rdC' };

    // Register, from the sign-in page's link. The button waits for valid fields and accepted terms.
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    const create = page.getByRole('button', { name: 'Create account' });
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Local mailbox' }).getAttribute('href')).toBe('/local/mailbox');

    await field(page, 'Username').fill('Not Valid');
    await field(page, 'Password').focus();
    await page.getByText(messages.username, { exact: true }).waitFor();
    await field(page, 'Password').fill('short');
    await field(page, 'Confirm password').focus();
    await page.getByText(messages.password, { exact: true }).waitFor();
    await field(page, 'Email').fill('not-an-address');
    await field(page, 'First name').focus();
    await page.getByText(messages.email, { exact: true }).waitFor();

    await fillRegistration(page, { username, email, password: passwords.first });
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByLabel('Subscribe to the newsletter').check();
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();

    // Verify: the username is carried over; a resent code replaces the first one.
    await page.getByRole('heading', { name: 'Verify account' }).waitFor();
    expect(pathOf(page)).toBe(`/verify?username=${username}`);
    expect(await field(page, 'Username').inputValue()).toBe(username);
    const first = await waitForCode(page, email);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText('A new verification code was sent to your email address.').waitFor();
    const newest = await waitForCode(page, email, first.count);

    if (first.code !== newest.code) {
      await field(page, 'Verification code').fill(first.code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await errorText(page, 'Invalid verification code provided, please try again').waitFor();
    }
    await field(page, 'Verification code').fill(newest.code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByText('Your account is verified. Sign in with your username and password.').waitFor();

    // Sign in to the profile the registration filled in.
    await signInWith(page, username, passwords.first);
    await page.waitForURL((url) => url.pathname === '/profile');
    await field(page, 'First name').and(page.locator('[value="Regina"]')).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe(email);
    expect(await field(page, 'Last name').inputValue()).toBe('Tester');
    expect(await field(page, 'Company').inputValue()).toBe('E2E Labs');

    // Change password: enabled only with the old password and a valid, confirmed new one.
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    const change = page.getByRole('button', { name: 'Change password' });
    await field(page, 'New password').fill(passwords.changed);
    await field(page, 'Confirm password').fill(`${passwords.changed}x`);
    await field(page, 'Old password').focus();
    await page.getByText(messages.confirmPassword, { exact: true }).waitFor();
    expect(await change.isDisabled()).toBe(true);
    await field(page, 'Confirm password').fill(passwords.changed);
    await expect.poll(() => change.isDisabled()).toBe(true);
    await field(page, 'Old password').fill(passwords.first);
    await change.click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText('Password changed', { exact: true }).waitFor();

    // Sign out from the menu.
    await page.getByRole('link', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');

    // Forgot password: a code by mail, then a new password with it.
    const resetSeen = (await mailsTo(page, email)).filter((mail) => mail.code).length;
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot password' }).waitFor();
    await field(page, 'Username').fill(username);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('heading', { name: 'Recover password' }).waitFor();
    expect(pathOf(page)).toBe(`/recoverpassword?username=${username}`);
    expect(await field(page, 'Username').inputValue()).toBe(username);
    const reset = await waitForCode(page, email, resetSeen);
    const setPassword = page.getByRole('button', { name: 'Set new password' });
    await field(page, 'New password').fill(passwords.recovered);
    await field(page, 'Confirm password').fill(passwords.recovered);
    expect(await setPassword.isDisabled()).toBe(true);
    await field(page, 'Code').fill(reset.code);
    await setPassword.click();
    await page.waitForURL((url) => url.pathname === '/signin');
    await page.getByText('Your password was changed. Sign in with your new password.').waitFor();

    // The changed password no longer works; the recovered one does.
    await signInWith(page, username, passwords.changed);
    await page.getByText(/^Login failed - .+/).waitFor();
    await field(page, 'Password').fill(passwords.recovered);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    // Ask for the account to be deleted behind Confirm; still pending on a later visit, and withdrawn.
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    await page.getByRole('button', { name: 'Request deletion of account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Request deletion' }).click();
    await page.getByText('Your account will be deleted within two working days.', { exact: true }).waitFor();
    await page.getByText(/^Deletion requested on \d{4}-\d{2}-\d{2}\. It will be gone by \d{4}-\d{2}-\d{2} at the latest\.$/).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByRole('status').getByText('Deletion withdrawn: your account stays as it is.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Request deletion of account' }).waitFor();
    expect(browser.pageErrors()).toEqual([]);
  });

});
