import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RouteAccess, RouteDeclaration } from '../../web/src/lib/routing/route-declaration';

/**
 * The SPA's screens as its route declarations list them (web/src/app/routes.ts and each feature's
 * routes.ts), for the tests that visit every screen (accessibility, screenshots): a new route is
 * visited the moment it is declared.
 */

/** One screen to visit: the route, a path to open it with, and who can open it. */
export interface Screen {
  route: RouteDeclaration;
  /** The route's path with its parameters filled in. */
  path: string;
  title: string;
  access: RouteAccess;
}

/**
 * The route declarations, loaded in Node. The sign-in page is in the SPA's first chunk, and the session
 * module it brings reads the browser's storage as it loads: a signed-out stand-in is there while the
 * declarations load, and gone afterwards (nothing else in the test process should take Node for a browser).
 */
export async function declaredRoutes(): Promise<readonly RouteDeclaration[]> {
  const scope = globalThis as Record<string, unknown>;
  const standIns = { localStorage: { getItem: () => null }, window: { addEventListener: () => undefined } };
  const added = Object.keys(standIns).filter((name) => !(name in scope));
  for (const name of added) scope[name] = standIns[name as keyof typeof standIns];
  try {
    return (await import('../../web/src/app/routes')).routes;
  } finally {
    for (const name of added) delete scope[name];
  }
}

/**
 * Every screen a person sees: each route with a title (a route without one only passes through, like
 * /signout, which would end the session), its `:param`s filled from `params`. A parameter without a
 * value fails, naming the route, so a new route with a parameter is given one rather than skipped.
 */
export async function declaredScreens(params: Record<string, string | number>): Promise<Screen[]> {
  return (await declaredRoutes())
    .filter((route): route is RouteDeclaration & { title: string } => route.title !== undefined)
    .map((route) => ({
      route,
      title: route.title,
      access: route.access,
      path: route.path.replace(/:(\w+)/g, (_, name: string) => {
        if (params[name] === undefined) throw new Error(`No value for :${name} of ${route.path}: give the screen tests one`);
        return encodeURIComponent(String(params[name]));
      }),
    }));
}

/** The screens `access` may open, in declaration order. */
export const screensFor = (screens: Screen[], access: RouteAccess[]): Screen[] => screens.filter((screen) => access.includes(screen.access));

/**
 * Goes to the screen inside the SPA, as a click on a link does (no reload: the session, the settings and
 * the loaded chunks stay), and waits until it shows its title and nothing on it is loading any more.
 */
export async function visitScreen(page: Page, screen: Screen): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  await expect.poll(() => new URL(page.url()).pathname).toBe(screen.path);
  await page.getByRole('heading', { name: screen.title, exact: true }).waitFor();
  await page.locator('[aria-label="Loading"]').first().waitFor({ state: 'detached' });
}

/**
 * The tables on the page whose frame (the box that scrolls them sideways, TableFrame) is wider inside
 * than it shows, i.e. that scroll sideways: by name, with both widths and each column's. At 1280 px every list is to show
 * all its columns (docs/decisions/033-tables-on-phones.md).
 */
export function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      let box = table.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (!box || box.scrollWidth <= box.clientWidth) return [];
      // Each column's width, to find the one a long value widened.
      const columns = [...table.querySelectorAll('thead th')].map((th) => `${th.textContent?.trim() || '–'} ${Math.round(th.getBoundingClientRect().width)}`);
      return [`${table.getAttribute('aria-label') ?? 'a table without a name'} (${box.scrollWidth} px in ${box.clientWidth} px; ${columns.join(', ')})`];
    }),
  );
}

/**
 * The ids, emails and dates in the page's tables that are broken over two lines ("5/2",
 * "nina4@example.co/m"): by table and value. Each is one value; a cell may wrap at a space around it
 * but never inside it, an email only before its "@" (docs/decisions/033-tables-on-phones.md).
 */
export function valuesBrokenInside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // An email's name and its "@domain" are each one value.
    const VALUE = /[^\s()@]+(?=@)|@[^\s()]+|\d{4}-\d{2}-\d{2}|^\d+$/g;
    const found: string[] = [];
    for (const table of document.querySelectorAll('table')) {
      const walker = document.createTreeWalker(table.querySelector('tbody') ?? table, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').trim() === '' ? [] : (node.textContent ?? '').matchAll(VALUE)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) found.push(`${table.getAttribute('aria-label') ?? 'a table without a name'}: ${match[0]}`);
        }
      }
    }
    return found;
  });
}

/**
 * What a phone cannot reach on the page without scrolling a table sideways: the page itself when it is
 * wider than the window, and each button in the last cell of a table's first row (its actions, pinned
 * at the right edge) that, with the row scrolled into view, lies outside the window or under something
 * else. By name.
 */
export function unreachableOnAPhone(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page (${document.documentElement.scrollWidth} px wide)`);
    for (const table of document.querySelectorAll('table')) {
      const cells = table.querySelector('tbody tr')?.querySelectorAll(':scope > td') ?? [];
      const last = cells[cells.length - 1];
      if (!last || cells.length < 2) continue;
      window.scrollBy(0, last.getBoundingClientRect().top - window.innerHeight / 2);
      for (const button of last.querySelectorAll('button')) {
        const { left, right, top, bottom } = button.getBoundingClientRect();
        const reached = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        const inSight = left >= 0 && right <= window.innerWidth && top >= 0 && bottom <= window.innerHeight;
        const name = `${table.getAttribute('aria-label') ?? 'a table without a name'}: ${button.getAttribute('aria-label') ?? button.textContent?.trim()}`;
        if (!inSight || !button.contains(reached)) found.push(name);
      }
    }
    window.scrollTo(0, 0);
    return found;
  });
}
