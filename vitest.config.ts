import { defineConfig } from 'vitest/config';

/**
 * Four tiers (docs/decisions/030-test-tiers.md): `unit` beside the code, `component` (the SPA's screens in
 * jsdom over a faked API), `infra` on the synthesized template, and `stack` (integration, deployed
 * bundles, browser e2e) against one local stack started by the global setup.
 */
export default defineConfig({
  test: {
    // Node 20 here; the Lambdas run on Node 22+. The SDK's reminder about that is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,functions,web,scripts,infra}/**/*.test.ts'],
          environment: 'node',
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
          // jsdom renders a whole screen in a few hundred milliseconds, several seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // One synth per run: the files share one synthesized portal (test/infra/synth.ts sharedPortal),
          // so they run in one worker that keeps its modules between files; the setup checks it.
          globalSetup: ['test/infra/global-setup.ts'],
          isolate: false,
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'stack',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A read after an action polls until it holds: as long as a locator waits (15 s), not vitest's
          // default second, which a busy machine (or the throttled run) outlasts.
          expect: { poll: { timeout: 15_000 } },
          // One local stack, one browser: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
