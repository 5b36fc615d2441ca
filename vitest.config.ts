import { defineConfig } from 'vitest/config';

/**
 * Four tiers (docs/decisions/030-test-tiers.md): `unit` beside the code, `component` (the SPA's screens in
 * jsdom over a faked API), `infra` on the synthesized template, and the stack tier (integration, deployed
 * bundles, browser e2e) against one local stack started by the global setup, on which each file works in a
 * tenant of its own (docs/decisions/050-test-tenants.md), plus `own-stack`: files that start portals of
 * their own (`npm start` itself) or stop their stack's emulators. All projects run side by side and share
 * the workers; vitest starts the files it measured longest first.
 */

/** Workers of the whole run: a stack file waits on its stack or page more than it computes. */
const WORKERS = 5;

/** What the stack-backed projects share. */
const stackTier = {
  globalSetup: ['test/support/global-setup.ts'],
  // A hang guard, not a measure of speed: a browser path of 30 s on a quiet run takes twice that on two
  // cores busy with the rest of the suite.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // A read after an action polls until it holds: as long as a locator waits (15 s), not vitest's
  // default second, which a busy machine (or the throttled run) outlasts.
  expect: { poll: { timeout: 15_000 } },
  // A worker keeps the modules it loaded (the SDK, the contracts, the functions' code a test runs as a
  // unit) from one file to the next: each file has its own tenant, and the functions' caches are a warm
  // Lambda's (kept per table where a tenant's data would otherwise show in another's).
  isolate: false,
  maxWorkers: WORKERS,
};

export default defineConfig({
  test: {
    // Node 20 here; the Lambdas run on Node 22+. The SDK's reminder about that is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,functions,web,scripts,infra}/**/*.test.ts', 'test/support/**/*.test.ts'],
          environment: 'node',
          // A worker loads Node's and the libraries' modules once for all its files (unit-setup.ts).
          isolate: false,
          setupFiles: ['test/support/unit-setup.ts'],
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          // Screen behaviour (forms, validation, disabled states, tables, dialogs, sorting and paging) in
          // jsdom: the whole app rendered over a fake API typed by the contracts (web/test/support).
          name: 'component',
          include: ['web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/test/support/setup.ts'],
          // A worker loads jsdom, React and Mantine once for all its files, not once per file (a third of
          // the tier's time); the app's own modules start afresh in each file (setup.ts).
          isolate: false,
          maxWorkers: WORKERS,
          // jsdom renders a whole screen in a few hundred milliseconds, several seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          // One file: its checks share one synthesized portal (test/infra/infra.test.ts).
          include: ['test/infra/infra.test.ts'],
          globalSetup: ['test/infra/global-setup.ts'],
          maxWorkers: WORKERS,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          ...stackTier,
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          setupFiles: ['test/support/stack-env.ts', 'test/support/tenant.ts'],
          provide: { demoVolume: true, tenants: true },
        },
      },
      {
        test: {
          ...stackTier,
          // Files that start portals of their own (`npm start`, a stack with a short job timer), and the
          // one that stops its stack's emulators (every other file's calls would stall meanwhile): a stack
          // of its own, without tenants or the demo's volume, which only that file uses.
          name: 'own-stack',
          include: ['test/own-stack/**/*.test.ts'],
          provide: { demoVolume: false, tenants: false },
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
