import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { clearActionResult } from '../../src/lib/action-result';
import { api } from './fake-api';
import { resetIdentity } from './fake-identity';

// The identity provider is an outside service: its adapter is faked (fake-identity.ts).
vi.mock('../../src/session/cognito', () => import('./fake-identity'));

/**
 * The component tier's environment: what jsdom lacks and Mantine needs, the SPA's settings, and the
 * fake API in place of fetch. Each test file starts signed out with an empty storage (see render.tsx).
 */

// Mantine reads the colour scheme and breakpoints through matchMedia: a wide screen, light scheme.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
// Scroll areas and comboboxes measure themselves and scroll options into view.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
window.HTMLElement.prototype.scrollIntoView = () => undefined;

vi.stubGlobal('fetch', api.fetch);

// React's development build (the tier needs it: act() exists only there) captures a stack trace for every
// element it creates, up to 10,000 a second, to show which component made an element in its warnings: a
// fifth of a screen test's CPU. The tests read what the screen shows, never those stacks, so the count
// that caps the captures is held at its cap, as if it were always reached. Without this internal (another
// React version) the tier runs as it did, only slower.
const reactInternals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (reactInternals && 'recentlyCreatedOwnerStacks' in reactInternals) {
  Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => 10_000, set: () => undefined, configurable: true });
}

// findBy… and waitFor wait for what they read; on a busy two-core machine a render can take seconds, so
// they wait long enough never to depend on the machine's speed (a passing read returns at once).
// A role query does not work out which elements are hidden (computing every element's style was a tenth
// of the tier's CPU): a query that could also find a hidden element (a closed select's options, which
// Mantine keeps in the page) asks for `hidden: false`.
configure({ asyncUtilTimeout: 10_000, defaultHidden: true });

beforeAll(async () => {
  await loadConfig(async () =>
    Response.json({ region: 'eu-west-1', userPoolId: 'eu-west-1_component', userPoolClientId: 'component-tests', apiBase: '/api' }),
  );
});

afterEach(() => {
  cleanup();
  // Notifications live in a store outside React: a test's results must not show in the next one.
  clearActionResult();
  notifications.clean();
  resetIdentity();
  const problems = api.takeProblems();
  api.reset();
  expect(problems, 'the fake API saw calls it could not answer as the contract says').toEqual([]);
});

// A worker keeps its page and the libraries it loaded from one file to the next (`isolate: false` in
// vitest.config.ts: jsdom, React and Mantine load once per worker, not once per file). The app's own modules
// hold state (the session, the action result), so the next file imports them afresh over an empty storage,
// as a page load would.
//
// A screen's routes load their pages lazily: an import a render started may still be under way when the
// file's last test ends. It must finish first, or the worker's next file finds that module failed ("after
// the environment was torn down") and its screen never renders.
afterAll(async () => {
  await vi.dynamicImportSettled();
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
});
