import { MantineProvider } from '@mantine/core';
import { render, screen, type RenderResult } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ADMIN_GROUP } from '../../../shared/runtime';
import { encodeBase64urlJson } from '../../../shared/base64url';
import { App } from '../../src/app/app';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { STORAGE_KEY, writeTokens, type StoredTokens } from '../../src/session/tokens';

/**
 * Renders the SPA as a visitor sees it at `path`: the whole app (router, shell, menu, the route's
 * lazily loaded page) over the fake API, never a page's inner components, so a test finds what it
 * checks by role, label and text as a person would, and keeps working when a page is rebuilt.
 */

/** Who is looking: signed out, a customer, or an administrator (Admin group, authenticator set up). */
export type Viewer = 'signed-out' | 'customer' | 'admin';

/** An unsigned token with these claims: the SPA reads claims, the API (faked here) would verify them. */
const token = (claims: object) => `${encodeBase64urlJson({ alg: 'none', typ: 'JWT' })}.${encodeBase64urlJson(claims)}.x`;

/** Tokens as a sign-in stores them, valid for an hour from now. */
export function tokensFor(username: string, { admin = false } = {}): StoredTokens {
  const now = Math.floor(Date.now() / 1000);
  return {
    accessToken: token({ username, token_use: 'access', iat: now, exp: now + 3600 }),
    idToken: token({ 'cognito:username': username, 'cognito:groups': admin ? [ADMIN_GROUP] : [], token_use: 'id', iat: now, exp: now + 3600 }),
    refreshToken: 'refresh',
    issuedAt: now,
    expiresAt: now + 3600,
    clockDrift: 0,
  };
}

/**
 * Signs the page in as `viewer`: the tokens go where a sign-in puts them, and the session follows them
 * as it follows another tab's sign-in (the storage event). A file's first viewer may be signed out;
 * after a sign-in, a file switches between customer and admin only (a sign-out reloads the page).
 */
export function signInAs(viewer: Exclude<Viewer, 'signed-out'>, username = viewer === 'admin' ? 'admin' : 'dana'): void {
  writeTokens(localStorage, tokensFor(username, { admin: viewer === 'admin' }));
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
}

export interface RenderedScreen extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
}

/**
 * Opens `path` as `viewer` and waits until the route's title is shown (a route without a title: until
 * the app has rendered). The fake API must answer what the screen calls (see fake-api.ts).
 */
export async function renderScreen(path: string, { as = 'customer', title }: { as?: Viewer; title?: string } = {}): Promise<RenderedScreen> {
  if (as !== 'signed-out') signInAs(as);
  window.history.replaceState(null, '', path);
  // No check that the pointer may reach an element before each action (it reads every ancestor's computed
  // style, an eighth of the tier's CPU): a disabled control is still refused by its `disabled` attribute.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const rendered = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <App />
    </MantineProvider>,
  );
  // A file's first render also loads the signed-in app and the page's module: on a busy two-core machine
  // that alone took over 5 s, so it waits as long as any first read may (a passing read returns at once).
  if (title) await screen.findByRole('heading', { name: title, level: 2 }, { timeout: 20_000 });
  return { ...rendered, user };
}

/** The path (and query) the app is on now. */
export const currentPath = (): string => window.location.pathname + window.location.search;
