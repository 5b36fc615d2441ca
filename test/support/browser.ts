import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeAll, expect, inject } from 'vitest';
import { STORAGE_KEY, tokensFromAuthResult } from '../../web/src/session/tokens';
import { signIn, totpCode } from './api';
import { TENANT_COOKIE } from '../../scripts/local/tenant-names';
import { testTenant } from './tenant-state';

/** Debian's Chromium (CHROMIUM_PATH to use another); playwright-core brings no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * CPU_THROTTLE=4 (npm run test:e2e:throttled) slows every page's CPU fourfold, as a busy machine would:
 * a read that does not wait for what it reads fails there first. Unset or 1: no throttling.
 */
export const CPU_THROTTLE = cpuThrottleRate(process.env.CPU_THROTTLE);

export function cpuThrottleRate(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 1) throw new Error(`CPU_THROTTLE must be a number of at least 1 (a slowdown factor), not "${value}"`);
  return rate;
}

/** Slows the page's CPU by `rate` through the DevTools protocol (what DevTools' Performance panel does). */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

export interface BrowserHarness {
  /** A fresh context (no cookies, no localStorage) and page, closed after the current test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Uncaught errors the pages of the current test threw. */
  pageErrors(): Error[];
}

/**
 * Starts the headless Chromium the browser tests use. Playwright makes the browser's profile in the
 * system's temporary folder and removes it when the browser closes; a worker's browser (sharedBrowser) is
 * often ended with the worker instead, so the profile is made in the run's own temporary folder, which the
 * global setup removes at the end of the run.
 */
async function launchBrowser(): Promise<Browser> {
  const systemTmpDir = process.env.TMPDIR;
  process.env.TMPDIR = inject('browserTmpDir');
  try {
    return await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  } finally {
    if (systemTmpDir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmpDir;
  }
}

/**
 * The worker's Chromium: the stack tier's workers keep their modules from one file to the next, so one
 * browser serves every browser file a worker runs (each launch costs most of a second of CPU). Playwright
 * ends it when the worker ends; a browser that went away is started again.
 */
let workerBrowser: Promise<Browser> | undefined;
async function sharedBrowser(): Promise<Browser> {
  const running = await workerBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * Headless Chromium for a test file: a new context per test (so no session leaks between tests), pages
 * pointed at the local stack's base URL from the global setup.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let errors: Error[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await reportFailure(context.task.name, contexts);
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    errors = [];
  });

  return {
    async newPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not started (call newPage inside a test)');
      // Reduced motion, which the portal respects (theme.ts): a dialog or notification is read, and checked
      // by axe, as it settles, never halfway through a transition (a fading button fails contrast).
      const context = await browser.newContext({ baseURL: inject('baseUrl'), reducedMotion: 'reduce', ...options });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      // The page's requests to the portal run in this file's tenant (test/support/tenant.ts).
      const tenant = testTenant();
      if (tenant) await context.addCookies([{ name: TENANT_COOKIE, value: tenant, url: inject('baseUrl') }]);
      if (CPU_THROTTLE > 1) {
        // Pages the page opens (the checkout popup) run throttled too.
        context.on('page', (opened) => void throttleCpu(opened, CPU_THROTTLE).catch(() => undefined));
      }
      const page = await context.newPage();
      if (CPU_THROTTLE > 1) await throttleCpu(page, CPU_THROTTLE);
      page.on('pageerror', (error) => errors.push(error));
      return page;
    },
    pageErrors: () => errors,
  };
}

/** On failure: where each page was, what it showed, and a screenshot, so a red run explains itself. */
async function reportFailure(testName: string, contexts: BrowserContext[]): Promise<void> {
  const dir = join(tmpdir(), 'portal-e2e-failures');
  mkdirSync(dir, { recursive: true });
  const pages = contexts.flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    try {
      const file = join(dir, `${testName.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index}.png`);
      await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
      const text = (await page.locator('body').innerText({ timeout: 5_000 })).slice(0, 1_000);
      console.error(`[e2e] "${testName}" page ${index} at ${page.url()}\n${text}\nscreenshot: ${file}`);
    } catch (error) {
      console.error(`[e2e] "${testName}" page ${index}: no report (${(error as Error).message})`);
    }
  }
}

/** The path (and query) the page is on. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/**
 * Fills the sign-in form and submits it (the page must be on /signin); with `totpSecret`, answers the
 * authenticator step that follows with the current code.
 */
export async function signInWith(page: Page, username: string, password: string, totpSecret?: string): Promise<void> {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (totpSecret) {
    await page.getByLabel('Authentication code', { exact: true }).fill(totpCode(totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
}

/**
 * A browser context's storage holding a signed-in session of `username`: the tokens the local stack's
 * identity provider issues for a password sign-in (and the authenticator's code, for an account with
 * one), kept under the key and in the shape web/src/session keeps them. Only the sign-in tests type a
 * password into the form; every other test starts signed in with this.
 */
export async function sessionState(
  username: string,
  password: string,
  totpSecret?: string,
): Promise<NonNullable<BrowserContextOptions['storageState']>> {
  const tokens = await signIn(username, password, totpSecret);
  const stored = tokensFromAuthResult({ AccessToken: tokens.accessToken, IdToken: tokens.idToken, RefreshToken: tokens.refreshToken }, undefined, Date.now());
  return {
    cookies: [],
    origins: [{ origin: new URL(inject('baseUrl')).origin, localStorage: [{ name: STORAGE_KEY, value: JSON.stringify(stored) }] }],
  };
}

/**
 * Opens `path` signed in as `username` (a session injected, see sessionState; the demo admin answers its
 * authenticator with the stack's secret) and waits until the page is on `path`.
 */
export async function openSignedIn(
  harness: BrowserHarness,
  username: string,
  password: string,
  path: string,
  { totpSecret, ...options }: BrowserContextOptions & { totpSecret?: string } = {},
): Promise<Page> {
  const secret = username === 'admin' ? inject('demoAdminTotpSecret') : totpSecret;
  const page = await harness.newPage({ ...options, storageState: await sessionState(username, password, secret) });
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  return page;
}

/**
 * Waits until the menu `trigger` opens lists exactly `expected` (no trigger at all counts as no items),
 * then closes the menu again. After an action the list re-renders: a read right after the click can
 * meet the row between two renders, or a menu that closes under it, so this opens the menu again until
 * what it shows is what is expected (or the poll times out, showing what it last read).
 */
export async function expectMenuItems(page: Page, trigger: Locator, expected: string[]): Promise<void> {
  const menu = page.getByRole('menu');
  await expect
    .poll(
      async () => {
        if ((await trigger.count()) === 0) return [];
        if ((await menu.count()) === 0) {
          await trigger.click();
          await menu.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
        }
        return menu.getByRole('menuitem').allInnerTexts();
      },
      { timeout: 10_000 },
    )
    .toEqual(expected);
  await closeMenu(page);
}

/**
 * Opens the menu `trigger` opens and picks its item `item`, again should a re-render close the menu or
 * replace the item under the click (a list reloading after the previous action): a click that could not
 * land did not happen, so it is tried until one lands.
 */
export async function pickMenuItem(page: Page, trigger: Locator, item: string): Promise<void> {
  const menu = page.getByRole('menu');
  const wanted = menu.getByRole('menuitem', { name: item, exact: true });
  await expect
    .poll(
      async () => {
        if ((await menu.count()) === 0) {
          await trigger.click();
          await menu.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
        }
        if ((await wanted.count()) !== 1) return false;
        return wanted.click({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Picks `option` in the select `combobox` and waits until the select shows it. A list that re-renders
 * (a filter's debounced search arriving, the page select rebuilt with the rows) can close a dropdown
 * opened a moment before, or swallow the click on its option: this opens it again and picks again until
 * the select shows the option (or the poll times out, showing what it last read).
 */
export async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect
    .poll(
      async () => {
        if ((await combobox.inputValue()) === option) return option;
        if ((await wanted.count()) === 0) {
          await combobox.click();
          await wanted.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
        }
        if ((await wanted.count()) > 0) await wanted.click({ timeout: 2_000 }).catch(() => undefined);
        return combobox.inputValue();
      },
      { timeout: 15_000 },
    )
    .toBe(option);
}

/**
 * Closes the open menu, if any, and waits until it is gone. Escape is pressed in the menu itself: the
 * menu closes on an Escape from within, and its focus may not have moved in yet when the menu appears.
 */
export async function closeMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu');
  await expect
    .poll(
      async () => {
        if ((await menu.count()) === 0) return true;
        await menu.press('Escape', { timeout: 2_000 }).catch(() => undefined);
        return menu.waitFor({ state: 'detached', timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * Answers the confirmation an irreversible action asks first (components/confirm.tsx): clicks `button`
 * ("Move license", or Cancel) in the dialog titled `title`, and waits until the dialog is gone.
 */
export async function answerConfirmation(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** One mail of the local mailbox (/local/mailbox.json, newest first). */
export interface MailboxItem {
  to: string;
  subject: string;
  text: string;
  code?: string;
  sent: string;
}

/** The mails sent to `to`, newest first, as the local mailbox shows them. */
export async function mailsTo(page: Page, to: string): Promise<MailboxItem[]> {
  const response = await page.request.get('/local/mailbox.json');
  if (!response.ok()) throw new Error(`/local/mailbox.json answered HTTP ${response.status()}`);
  const mails = (await response.json()) as MailboxItem[];
  return mails.filter((mail) => mail.to === to);
}

/**
 * Waits until the mailbox holds more than `seen` mails with a code for `to`, and returns the newest code.
 * Cognito's mail is written while the call that sends it is answered, so a short poll is enough.
 */
export async function waitForCode(page: Page, to: string, seen = 0): Promise<{ code: string; count: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mails = (await mailsTo(page, to)).filter((mail) => mail.code);
    if (mails.length > seen && mails[0]?.code) return { code: mails[0].code, count: mails.length };
    await page.waitForTimeout(100);
  }
  throw new Error(`No new code was mailed to ${to}`);
}

/** A short unique suffix for usernames and emails, so runs do not collide. */
export const uniqueSuffix = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
