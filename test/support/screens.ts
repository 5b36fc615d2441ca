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
