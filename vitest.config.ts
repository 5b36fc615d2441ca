import LaneSequencer from './test/support/lane-sequencer';
import { defineConfig } from 'vitest/config';

/**
 * Four tiers (docs/decisions/030-test-tiers.md): `unit` beside the code, `component` (the SPA's screens in
 * jsdom over a faked API), `infra` on the synthesized template, and the stack tier (integration, deployed
 * bundles, browser e2e) against local stacks started by the global setup.
 *
 * Projects run in groups (`sequence.groupOrder`), one group after another; a group's files share its
 * workers:
 * - group 0: everything but infra. The stack files run in two lanes, each on a stack of its own:
 *   `stack-quiet` (the files that need a stack to themselves) one file at a time, `stack-shared` (every
 *   other stack file, integration and browser alike) two at a time; a lane's file waits for a turn
 *   (test/support/lane.ts). The unit and component files fill the workers the lanes leave. A browser file
 *   waits on its page more than it computes, so three stack files and two unit or component files keep both cores busy.
 * - group 1: infra (one worker that keeps its modules: one synth).
 */

/** Workers of group 0: the lanes' turns, and two more for the unit and component files. */
const GROUP_WORKERS = 5;
/** Files of the shared lane at a time, on its stack. */
const SHARED_TURNS = 2;

/**
 * Stack files that cannot share the stack with writers running beside them, with why. They run one at a
 * time on a stack of their own.
 */
const QUIET = {
  // They freeze DynamoDB Local (SIGSTOP): every call of the other lane would stall meanwhile.
  'test/integration/stalled-dependency.test.ts': 'freezes the database',
  'test/e2e/stalled-dependency.test.ts': 'freezes the database',
  // The back-fill and the check compare every counter with a recount of the whole table; the product
  // statistics figure is global and counted before and after a registration.
  'test/integration/counters.test.ts': 'recounts every counter, reads global figures',
  // The dashboard's and usage figures are global: read before and after its own writes, and recounted.
  'test/integration/dashboard-usage.test.ts': 'recounts every counter, reads global figures',
  // Loads whole lists and counts their rows before and after a change of its own.
  'test/integration/list-cache.test.ts': 'counts whole lists',
  // Writes every list's snapshot and a burst of changes, then expects cold copies to show exactly them.
  'test/integration/list-snapshot.test.ts': 'rewrites the list snapshots every copy starts from',
  // Starts more portals on the same machine and reads the demo data as seeded.
  'test/integration/local-stack.test.ts': 'starts portals, reads the seeded demo data',
  // Scans the whole table for user-keyed records.
  'test/integration/user-data.test.ts': 'scans the whole table',
  // Moves the edge's clock, which decides every signed link (an export downloaded beside it would be refused).
  'test/integration/files.test.ts': "moves the edge's clock",
  // Moves the edge's clock (the users CSV link's expiry), and reads the global user figures before and after.
  'test/integration/users-list.test.ts': "moves the edge's clock, reads global user figures",
  // Moves the edge's clock (an attachment's expired link), and compares every counter with a recount.
  'test/integration/cases.test.ts': "moves the edge's clock, recounts every counter",
  // Jobs that act on every account: pending deletions are carried out, unconfirmed sign-ups removed (a
  // browser test's own account among them).
  'test/integration/account-deletion.test.ts': 'runs the deletion job over every pending request',
  'test/integration/job-timer.test.ts': 'runs the deletion job over every pending request',
  'test/integration/deployed-bundles.test.ts': 'runs the deletion job over every pending request',
  'test/integration/purge-unconfirmed.test.ts': 'removes every unconfirmed sign-up',
  // Publishes releases, which changes the newest version the Download screen shows.
  'test/integration/downloads.test.ts': 'publishes releases',
  // Compares every key in the IV curves bucket before and after (a browser upload beside it adds one).
  'test/integration/iv-curves.test.ts': 'lists the whole IV curves bucket',
  // Screenshots of lists show whatever rows exist (only with SCREENSHOTS=1).
  'test/e2e/screenshots.test.ts': 'shows whole lists',
};

/** The stack tier: a local stack per lane (test/support/global-setup.ts). */
function stackLanes() {
  const common = {
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A read after an action polls until it holds: as long as a locator waits (15 s), not vitest's
    // default second, which a busy machine (or the throttled run) outlasts.
    expect: { poll: { timeout: 15_000 } },
  };
  const quiet = Object.keys(QUIET);
  return [
    {
      test: {
        ...common,
        name: 'stack-quiet',
        include: quiet,
        setupFiles: ['test/support/stack-env.ts', 'test/support/lane.ts'],
        provide: { laneTurns: 1 },
        maxWorkers: GROUP_WORKERS,
        sequence: { groupOrder: 0 },
      },
    },
    {
      test: {
        ...common,
        name: 'stack-shared',
        include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
        exclude: quiet,
        setupFiles: ['test/support/stack-env.ts', 'test/support/lane.ts'],
        provide: { laneTurns: SHARED_TURNS },
        maxWorkers: GROUP_WORKERS,
        sequence: { groupOrder: 0 },
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Node 20 here; the Lambdas run on Node 22+. The SDK's reminder about that is noise in test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    sequence: { sequencer: LaneSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,functions,web,scripts,infra}/**/*.test.ts', 'test/support/**/*.test.ts'],
          environment: 'node',
          maxWorkers: GROUP_WORKERS,
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
          maxWorkers: GROUP_WORKERS,
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
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      ...stackLanes(),
    ],
  },
});
