import LaneSequencer from './test/support/lane-sequencer';
import { defineConfig } from 'vitest/config';

/**
 * Four tiers (docs/decisions/030-test-tiers.md): `unit` beside the code, `component` (the SPA's screens in
 * jsdom over a faked API), `infra` on the synthesized template, and the stack tier (integration, deployed
 * bundles, browser e2e) against local stacks started by the global setup, plus the tests of `npm start`
 * itself, which start portals of their own.
 *
 * All projects run in one group (`sequence.groupOrder` 0) and share its workers. The stack files run in
 * lanes, each on a stack of its own: two quiet lanes (files that need a stack to themselves) one file at
 * a time, the shared lane (every other stack file, integration and browser alike) two at a time; a lane's
 * file waits for a turn (test/support/lane.ts). The sequencer (test/support/lane-sequencer.ts) starts each
 * lane's longest files first and merges the lanes, the infra file and the own-stack files among them, so
 * the long ones start early; the unit and component files come after them, each project's files together,
 * as vitest keeps a worker for the next file only when it is of the same project. A stack file waits on
 * its stack or page more than it computes, so the lanes' files keep both cores busy meanwhile.
 */

/** Workers of group 0: the stack lanes' turns (four), and two more (infra, own-stack, then the rest). */
const GROUP_WORKERS = 6;
/** Files of the shared lane at a time, on its stack. */
const SHARED_TURNS = 2;

/**
 * Stack files that cannot share a stack with writers running beside them, with why. They run one at a
 * time, in two quiet lanes of their own, each on a stack of its own: the two lanes' files take about as
 * long (from the last runs' times), so neither holds up the end of the run.
 */
const QUIET_LANES = {
  'stack-quiet': {
    // Reads the demo data as seeded, the 48 more customers and their history too.
    'test/integration/local-stack.test.ts': 'reads the seeded demo data',
    // Publishes releases, which changes the newest version the Download screen shows.
    'test/integration/downloads.test.ts': 'publishes releases',
    // Writes every list's snapshot and a burst of changes, then expects cold copies to show exactly them.
    'test/integration/list-snapshot.test.ts': 'rewrites the list snapshots every copy starts from',
    // Compares every key in the IV curves bucket before and after (a browser upload beside it adds one).
    'test/integration/iv-curves.test.ts': 'lists the whole IV curves bucket',
    // Moves the edge's clock (an attachment's expired link), and compares every counter with a recount.
    'test/integration/cases.test.ts': "moves the edge's clock, recounts every counter",
    // Runs the deletion job over every pending request.
    'test/integration/account-deletion.test.ts': 'runs the deletion job over every pending request',
    // Scans the whole table for user-keyed records.
    'test/integration/user-data.test.ts': 'scans the whole table',
    // Moves the edge's clock (the users CSV link's expiry), and reads the global user figures before and after.
    'test/integration/users-list.test.ts': "moves the edge's clock, reads global user figures",
    // Screenshots of lists show whatever rows exist (only with SCREENSHOTS=1).
    'test/e2e/screenshots.test.ts': 'shows whole lists',
  },
  'stack-quiet-2': {
    // Runs the deletion job's bundle over every pending request.
    'test/integration/deployed-bundles.test.ts': 'runs the deletion job over every pending request',
    // They freeze DynamoDB Local (SIGSTOP): every call of another file would stall meanwhile.
    'test/integration/stalled-dependency.test.ts': 'freezes the database',
    'test/e2e/stalled-dependency.test.ts': 'freezes the database',
    // The back-fill and the check compare every counter with a recount of the whole table; the product
    // statistics figure is global and counted before and after a registration.
    'test/integration/counters.test.ts': 'recounts every counter, reads global figures',
    // The dashboard's and usage figures are global: read before and after its own writes, and recounted.
    'test/integration/dashboard-usage.test.ts': 'recounts every counter, reads global figures',
    // Loads whole lists and counts their rows before and after a change of its own.
    'test/integration/list-cache.test.ts': 'counts whole lists',
    // Moves the edge's clock, which decides every signed link (an export downloaded beside it would be refused).
    'test/integration/files.test.ts': "moves the edge's clock",
    // Removes every unconfirmed sign-up (a browser test's own account among them).
    'test/integration/purge-unconfirmed.test.ts': 'removes every unconfirmed sign-up',
  },
};
/** Lanes whose files never read the demo's volume: their stack seeds the demo accounts' own data only. */
const WITHOUT_DEMO_VOLUME = new Set(['stack-quiet-2']);

/** The stack tier: a local stack per lane (test/support/global-setup.ts). */
function stackLanes() {
  const common = {
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/stack-env.ts', 'test/support/lane.ts'],
    // A hang guard, not a measure of speed: a browser path of 30 s on a quiet run takes twice that on two
    // cores busy with the rest of the suite.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // A read after an action polls until it holds: as long as a locator waits (15 s), not vitest's
    // default second, which a busy machine (or the throttled run) outlasts.
    expect: { poll: { timeout: 15_000 } },
    // A worker keeps the modules it loaded (the SDK, the contracts, the functions' code a test runs as a
    // unit) from one file to the next: each file has its own users and data, and the functions' caches
    // are a warm Lambda's.
    isolate: false,
    maxWorkers: GROUP_WORKERS,
    sequence: { groupOrder: 0 },
  };
  const quiet = Object.values(QUIET_LANES).flatMap((files) => Object.keys(files));
  return [
    ...Object.entries(QUIET_LANES).map(([name, files]) => ({
      test: { ...common, name, include: Object.keys(files), provide: { laneTurns: 1, demoVolume: !WITHOUT_DEMO_VOLUME.has(name) } },
    })),
    {
      test: {
        ...common,
        name: 'stack-shared',
        include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
        exclude: quiet,
        provide: { laneTurns: SHARED_TURNS, demoVolume: true },
      },
    },
    {
      test: {
        // Files that start portals of their own (`npm start`, a stack with a short job timer) and use no
        // lane's stack: they run beside everything, like the unit files.
        name: 'own-stack',
        include: ['test/own-stack/**/*.test.ts'],
        // A lane for the sequencer only (no lock: each file has its own portals), so they start early.
        provide: { laneTurns: 2 },
        testTimeout: 60_000,
        hookTimeout: 180_000,
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
          // A worker loads Node's and the libraries' modules once for all its files (unit-setup.ts).
          isolate: false,
          setupFiles: ['test/support/unit-setup.ts'],
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
          // A worker loads jsdom, React and Mantine once for all its files, not once per file (a third of
          // the tier's time); the app's own modules start afresh in each file (setup.ts).
          isolate: false,
          maxWorkers: GROUP_WORKERS,
          // jsdom renders a whole screen in a few hundred milliseconds, several seconds on a busy machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          // One file (its checks share one synthesized portal: test/infra/infra.test.ts), a lane of its
          // own for the sequencer, so it starts early beside the stack lanes instead of ending the run.
          include: ['test/infra/infra.test.ts'],
          globalSetup: ['test/infra/global-setup.ts'],
          provide: { laneTurns: 1 },
          maxWorkers: GROUP_WORKERS,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      ...stackLanes(),
    ],
  },
});
