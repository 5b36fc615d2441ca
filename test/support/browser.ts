import type { EventEmitter } from 'node:events';
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
  /**
   * A page of its own for the current test, closed or cleared when the test ends: no cookies but the
   * tenant's, and no storage but what `options.storageState` holds, as a fresh context has.
   */
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
 * A page that a test ended with, kept for the next test of the worker. A new page costs Chromium a
 * renderer process of its own (two with a session: Playwright writes the storage from a page of its own),
 * and the SPA's start in it more than in a page that ran the SPA before (its code parsed and compiled
 * afresh). So a page a test leaves as it found it (its only page, no handlers, routes, scripts or clock
 * of the test's own) is cleared and handed to the next test that asks for a plain one (a session, a
 * viewport and permissions at most): cookies, permissions and storage as a new context's, viewport and
 * media as a new page's. Only the browser's cache of the SPA's hashed files stays, as it does for a user
 * from one visit to the next. A test that changed its page beyond that, or failed, gets it closed.
 */
interface SparePage {
  context: BrowserContext;
  page: Page;
  /** Listeners on the page and its context when the harness handed it over: anything beyond is the test's. */
  listeners: string;
}

const spares = new WeakMap<Browser, SparePage[]>();

/** Contexts whose page a test changed in a way clearForNextTest does not undo. */
const changed = new WeakSet<BrowserContext>();

/** What a page or its context keeps once set: routes, scripts, bindings, headers, network, clock. */
const LASTING_CHANGES = [
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'setGeolocation',
  'setOffline',
  'setHTTPCredentials',
] as const;
const CLOCK_CHANGES = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward', 'resume'] as const;

/** Notes in `changed` a call that leaves a lasting change on the context or its page. */
function watchLastingChanges(context: BrowserContext, page: Page): void {
  const watch = (target: object, names: readonly string[]) => {
    for (const name of names) {
      const method = (target as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        changed.add(context);
        return (method as (...args: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  watch(context, LASTING_CHANGES);
  watch(page, LASTING_CHANGES);
  watch(context.clock, CLOCK_CHANGES);
}

/** Playwright's pages and contexts are event emitters, which its types do not say. */
type Listened = Pick<EventEmitter, 'eventNames' | 'listenerCount'>;

const listenersOf = (page: Page): string =>
  JSON.stringify(
    [page, page.context()].map((target) => {
      const emitter = target as unknown as Listened;
      return emitter.eventNames().map((name) => [String(name), emitter.listenerCount(name)]);
    }),
  );

/** The options a spare can take on: a session (openSignedIn's), a viewport, permissions. */
const isPlain = (options: BrowserContextOptions): boolean =>
  options.viewport !== null && Object.keys(options).every((key) => ['storageState', 'viewport', 'permissions'].includes(key));

/** Playwright's defaults for a page, which a test may have changed on the page it leaves. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/**
 * Empties a spare's cookies, permissions and storage and sets what the options hold, as a new context
 * with them starts: the origin's storage is written from a document of the origin (the SPA's no-store
 * settings file), as Playwright itself does for a new context.
 */
async function clearForNextTest(context: BrowserContext, page: Page, { storageState, viewport, permissions }: BrowserContextOptions): Promise<void> {
  if (typeof storageState === 'string') throw new Error('useBrowser(): a storageState file is not supported, give the state itself');
  const baseUrl = inject('baseUrl');
  await context.clearCookies();
  await context.clearPermissions();
  if (permissions?.length) await context.grantPermissions(permissions);
  await page.setViewportSize(viewport ?? DEFAULT_VIEWPORT);
  await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'reduce', forcedColors: 'none' });
  await page.goto(new URL('/config.json', baseUrl).href);
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'indexeddb,cache_storage,service_workers,file_systems,websql',
    });
  } finally {
    await cdp.detach();
  }
  const origin = new URL(baseUrl).origin;
  const items = storageState?.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  await page.evaluate((entries) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, items);
  for (const cookie of storageState?.cookies ?? []) await context.addCookies([cookie]);
  await page.goto('about:blank');
}

/**
 * Headless Chromium for a test file: each test's pages are its own (no session leaks between tests),
 * pointed at the local stack's base URL from the global setup; a plain page is a cleared spare when the
 * worker has one (SparePage).
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let reusable = new Map<BrowserContext, SparePage>();
  let errors: Error[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
  });

  afterEach(async (context) => {
    const failed = context.task.result?.state === 'fail';
    if (failed) await reportFailure(context.task.name, contexts);
    const pool = browser ? (spares.get(browser) ?? []) : [];
    if (browser) spares.set(browser, pool);
    await Promise.all(
      contexts.map(async (context) => {
        const spare = reusable.get(context);
        if (!failed && spare && (await keepAsSpare(spare))) pool.push(spare);
        else await context.close();
      }),
    );
    contexts = [];
    reusable = new Map();
    errors = [];
  });

  const onPageError = (error: Error) => errors.push(error);

  return {
    async newPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not started (call newPage inside a test)');
      const tenant = testTenant();
      const tenantCookie = tenant ? [{ name: TENANT_COOKIE, value: tenant, url: inject('baseUrl') }] : [];
      const spare = isPlain(options) ? spares.get(browser)?.pop() : undefined;
      if (spare) {
        const cleared = await clearForNextTest(spare.context, spare.page, options).then(
          () => true,
          () => false,
        );
        if (cleared) {
          // The page's requests to the portal run in this file's tenant (test/support/tenant.ts).
          await spare.context.addCookies(tenantCookie);
          spare.page.on('pageerror', onPageError);
          contexts.push(spare.context);
          reusable.set(spare.context, { ...spare, listeners: listenersOf(spare.page) });
          return spare.page;
        }
        await spare.context.close().catch(() => undefined);
      }
      // Reduced motion, which the portal respects (theme.ts): a dialog or notification is read, and checked
      // by axe, as it settles, never halfway through a transition (a fading button fails contrast).
      const context = await browser.newContext({ baseURL: inject('baseUrl'), reducedMotion: 'reduce', ...options });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      // The page's requests to the portal run in this file's tenant (test/support/tenant.ts).
      if (tenantCookie.length) await context.addCookies(tenantCookie);
      if (CPU_THROTTLE > 1) {
        // Pages the page opens (the checkout popup) run throttled too.
        context.on('page', (opened) => void throttleCpu(opened, CPU_THROTTLE).catch(() => undefined));
      }
      const page = await context.newPage();
      if (CPU_THROTTLE > 1) await throttleCpu(page, CPU_THROTTLE);
      page.on('pageerror', onPageError);
      if (isPlain(options)) {
        watchLastingChanges(context, page);
        reusable.set(context, { context, page, listeners: listenersOf(page) });
      }
      return page;
    },
    pageErrors: () => errors,
  };

  /**
   * Whether the test left its page as the harness gave it (the context's only page, open, no listeners
   * or routes of the test's own); if so, the page leaves the SPA (its timers and requests end with it).
   */
  async function keepAsSpare(spare: SparePage): Promise<boolean> {
    const { context, page } = spare;
    if (changed.has(context) || page.isClosed() || context.pages().length !== 1 || listenersOf(page) !== spare.listeners) return false;
    try {
      page.off('pageerror', onPageError);
      await page.goto('about:blank', { timeout: 5_000 });
      return true;
    } catch {
      return false;
    }
  }
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
