import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

/** Debian's Chromium (design §8); playwright-core brings no browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserHarness {
  /** A fresh context (no cookies, no localStorage) and page, closed after the current test. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Uncaught errors the pages of the current test threw. */
  pageErrors(): Error[];
}

/**
 * One headless Chromium per test file, a new context per test (so no session leaks between tests),
 * pages pointed at the local stack's base URL from the global setup.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let errors: Error[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
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
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    errors = [];
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage(options = {}) {
      if (!browser) throw new Error('useBrowser(): the browser is not started (call newPage inside a test)');
      const context = await browser.newContext({ baseURL: inject('baseUrl'), ...options });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error));
      return page;
    },
    pageErrors: () => errors,
  };
}

/** The path (and query) the page is on. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}
