import type { Page } from 'playwright-core';
import { describe, inject, it } from 'vitest';
import { createAdminUserWithoutMfa, createConfirmedUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { openSignedIn, signInWith, uniqueSuffix, useBrowser } from '../support/browser';

/**
 * Issue point 18: every screen passes axe-core's WCAG 2.1 A/AA rules, colour contrast included, in both
 * colour schemes. A new screen belongs in this file. The demo accounts are only looked at: the one form
 * submitted is a fresh user's own profile.
 */
const browser = useBrowser();

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true }).waitFor();

/** A form field by its label; a required field's label ends in an asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

/** Waits for a field to show its error (Mantine marks a PasswordInput with data-invalid, not aria-invalid). */
const fieldError = (page: Page, label: string) =>
  field(page, label).and(page.locator('[aria-invalid="true"], [data-invalid]')).waitFor();

const SIGNED_OUT_SCREENS = [
  ['/signin', 'Sign in'],
  ['/register', 'Create account'],
  ['/verify', 'Verify account'],
  ['/forgotpassword', 'Forgot password'],
  ['/recoverpassword', 'Recover password'],
] as const;

const CUSTOMER_SCREENS = [
  ['/profile', 'Profile'],
  ['/changepassword', 'Change password'],
  ['/deleteaccount', 'Delete account'],
  ['/authenticator', 'Two-factor sign-in'],
  ['/download', 'Download'],
] as const;

describe.each(['light', 'dark'] as const)('accessibility, %s colour scheme', (colorScheme) => {
  it.each(SIGNED_OUT_SCREENS)('signed out: %s', async (path, title) => {
    const page = await browser.newPage({ colorScheme });
    await page.goto(path);
    await heading(page, title);
    await expectNoAxeViolations(page, `${path}, ${colorScheme}`);
  });

  it('signed out: /register with validation errors, /signin with the error banner', async () => {
    const page = await browser.newPage({ colorScheme });
    await page.goto('/register');
    await heading(page, 'Create account');
    // A field's rule is checked when it loses focus: each wrong value is left for the next field.
    const wrong = [
      ['Username', 'Not Valid', 'Password'],
      ['Password', 'short', 'Confirm password'],
      ['Email', 'x', 'First name'],
    ] as const;
    for (const [label, value, next] of wrong) {
      await field(page, label).fill(value);
      await field(page, next).focus();
      await fieldError(page, label);
    }
    await expectNoAxeViolations(page, `/register with errors, ${colorScheme}`);

    // An unknown user: the red error string at the top of the page, and no demo account is touched.
    await page.goto('/signin');
    await signInWith(page, `nobody${uniqueSuffix()}`, 'Wr0ngPassword');
    await page.getByRole('alert').waitFor();
    await expectNoAxeViolations(page, `/signin with an error, ${colorScheme}`);
  });

  it('signed in as the demo customer: the user screens', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile', { colorScheme });
    for (const [path, title] of CUSTOMER_SCREENS) {
      if (path !== '/profile') await page.goto(path);
      await heading(page, title);
      // The profile's form is the page once its data is in; the other screens have none to wait for.
      if (path === '/profile') await field(page, 'First name').waitFor();
      await expectNoAxeViolations(page, `${path}, ${colorScheme}`);
    }
  });

  it('signed in as a fresh user: the profile saved, and with a field error', async () => {
    // Only saving shows the green confirmation, so the profile saved is this test's own user's.
    const user = await createConfirmedUser();
    const page = await openSignedIn(browser, user.username, user.password, '/profile', { colorScheme });
    await field(page, 'First name').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').waitFor();
    await expectNoAxeViolations(page, `/profile saved, ${colorScheme}`);

    await field(page, 'First name').fill('');
    await fieldError(page, 'First name');
    await expectNoAxeViolations(page, `/profile with an error, ${colorScheme}`);
  });

  it('two-factor sign-in: the code step of a sign-in, and an admin without an authenticator shown its set-up', async () => {
    const admin = await createAdminUserWithoutMfa();
    const page = await openSignedIn(browser, admin.username, admin.password, '/users', { colorScheme });
    await heading(page, 'Two-factor sign-in');
    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectNoAxeViolations(page, `authenticator set-up, ${colorScheme}`);

    const signIn = await browser.newPage({ colorScheme });
    await signIn.goto('/signin');
    await signInWith(signIn, 'admin', inject('demoPassword'));
    await signIn.getByLabel('Authentication code', { exact: true }).waitFor();
    await expectNoAxeViolations(signIn, `/signin code step, ${colorScheme}`);
  });

  it('signed in as the demo customer: the mobile menu, opened', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile', {
      colorScheme,
      viewport: { width: 390, height: 844 },
    });
    await heading(page, 'Profile');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Sign Out' }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, `mobile menu, ${colorScheme}`);
  });

  it('signed in as the demo admin: the menu with its Admin section', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/dashboard', { colorScheme });
    await heading(page, 'Dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('heading', { name: 'Admin' }).waitFor();
    await expectNoAxeViolations(page, `/dashboard, ${colorScheme}`);
  });
});
