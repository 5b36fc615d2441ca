import { fork, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildWebApp } from '../../scripts/local/build-web';
import type { LocalStackOptions } from '../../scripts/local/stack';
import { startLaneLock, type LaneLock } from './lane-lock';
import type { StackStarted } from './stack-process';

/**
 * Builds the SPA once and starts one local stack (emulators on free ports, fresh data) per stack project,
 * each in a process of its own (test/support/stack-process.ts): the quiet lanes (files that need a stack
 * to themselves) run beside the shared lane (`stack-shared`) instead of before it. The demo's volume is
 * seeded once, into a data folder of its own, and each lane that seeds it starts on a copy: a restart on
 * seeded data takes seconds, the seeding itself half a minute of CPU. Each project runs its own global
 * setup, in its own module instance, so what they share (the build, the lane lock, the seeded folder, the
 * stacks) is kept on `globalThis` with a count of the projects using it: the first starts it, the last to
 * tear down stops it.
 */
interface Shared {
  built: Promise<void>;
  laneLock: Promise<LaneLock>;
  /** A data folder with the demo's volume seeded, made when a lane first asks for it. */
  seededVolume?: Promise<string>;
  /** Each lane's stack, started by the first global setup of the run. */
  stacks: Map<string, Promise<LaneStack>>;
  users: number;
  /** The workers' browsers keep their profiles here (browser.ts), removed with it at the end of the run. */
  browserTmpDir: string;
}
const key = Symbol.for('portal.test.stack');
const registry = globalThis as typeof globalThis & { [key]?: Shared };

/** Starts a stack in a child process and answers what it sent once it answers, and how to stop it. */
async function startStackProcess(options: LocalStackOptions): Promise<{ stack: StackStarted; stop(): Promise<void> }> {
  const child: ChildProcess = fork(resolve('test/support/stack-process.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, STACK_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stack = await new Promise<StackStarted>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { started: StackStarted }).started));
    child.once('exit', (code) => reject(new Error(`The test stack's process ended (exit ${code}) before it answered`)));
  });
  return {
    stack,
    async stop() {
      if (child.exitCode === null) child.send('stop');
      await exited;
    },
  };
}

/**
 * A test stack's options. Sessions are rechecked every 2 s here (30 s by default), so tests see a
 * revocation take effect quickly; a test may move the edge's clock to see a signed link expire.
 */
const stackOptions = (dataDir: string, demoVolume: boolean): LocalStackOptions => ({
  dataDir,
  demoPassword: process.env.DEMO_PASSWORD,
  sessionRecheckSeconds: 2,
  edgeClockControl: true,
  demoVolume,
});

/** A data folder seeded with the demo's volume by a stack that stops once it is done. */
async function seedVolumeFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-seeded-'));
  await (await startStackProcess(stackOptions(dataDir, true))).stop();
  return dataDir;
}

/** A lane's stack: its data folder and its process. */
interface LaneStack {
  dataDir: string;
  running: Awaited<ReturnType<typeof startStackProcess>>;
}

/** Starts a lane's stack on a fresh data folder (a copy of the seeded one, for a lane with the demo's volume). */
async function startLaneStack(shared: Shared, lane: TestProject): Promise<LaneStack> {
  const demoVolume = lane.config.provide?.demoVolume ?? true;
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${lane.name}-`));
  if (demoVolume) cpSync(await (shared.seededVolume ??= seedVolumeFolder()), dataDir, { recursive: true });
  return { dataDir, running: await startStackProcess(stackOptions(dataDir, demoVolume)) };
}

async function stopLaneStack(started: Promise<LaneStack>): Promise<void> {
  const stack = await started.catch(() => undefined);
  if (!stack) return;
  await stack.running.stop();
  rmSync(stack.dataDir, { recursive: true, force: true });
}

/** The projects of this run that use this global setup, `project` among them: the stack lanes. */
const laneProjects = (project: TestProject) => {
  const thisFile = fileURLToPath(import.meta.url);
  const others = project.vitest.projects.filter((other) => [other.config.globalSetup].flat().some((file) => resolve(file) === thisFile));
  return new Set([project, ...others]);
};

export default async function setup(project: TestProject) {
  // The SPA builds at low priority: the demo volume's seeding, which every lane with the volume waits
  // for, is the start's longest path, and the build takes a core from it (the start took 46 s, now 41.5 s).
  const shared: Shared = (registry[key] ??= {
    built: buildWebApp({ logLevel: 'error', lowPriority: true }),
    laneLock: startLaneLock(),
    stacks: new Map(),
    users: 0,
    browserTmpDir: mkdtempSync(join(tmpdir(), 'portal-browsers-')),
  });
  shared.users += 1;
  // Vitest runs the projects' global setups one after another: the first starts every lane's stack, so they
  // start side by side (and while the SPA builds; a stack serves the build's folder once it is there).
  for (const lane of laneProjects(project)) {
    if (shared.stacks.has(lane.name)) continue;
    const started = startLaneStack(shared, lane);
    // A lane's failed start is reported by its own setup, which awaits it.
    started.catch(() => undefined);
    shared.stacks.set(lane.name, started);
  }
  const own = shared.stacks.get(project.name)!;
  const [, { running }, laneLock] = await Promise.all([shared.built, own, shared.laneLock]);
  const { stack } = running;
  project.provide('lane', { lane: project.name, lockPort: laneLock.port });
  project.provide('browserTmpDir', shared.browserTmpDir);
  project.provide('baseUrl', stack.baseUrl);
  project.provide('demoPassword', stack.demoPassword);
  project.provide('demoAdminTotpSecret', stack.demoAdminTotpSecret);
  project.provide('localStack', {
    endpoints: stack.endpoints,
    emulatorPids: stack.emulatorPids,
    resources: stack.resources,
    functionEnv: stack.functionEnv,
    licenseKeysFile: stack.licenseKeysFile,
  });
  return async () => {
    await stopLaneStack(own);
    shared.stacks.delete(project.name);
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    // Stacks of lanes that had no files to run in this run.
    await Promise.all([...shared.stacks.values()].map(stopLaneStack));
    await (await shared.laneLock).close();
    const seeded = await shared.seededVolume?.catch(() => undefined);
    if (seeded) rmSync(seeded, { recursive: true, force: true });
    rmSync(shared.browserTmpDir, { recursive: true, force: true, maxRetries: 3 });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This project's lane and the lane lock's port (test/support/lane.ts). */
    lane: { lane: string; lockPort: number };
    /** The temporary folder of the workers' browsers (their profiles), removed at the end of the run. */
    browserTmpDir: string;
    /** Files of this lane that may run at once on its stack (the project's `provide` in vitest.config.ts). */
    laneTurns: number;
    /** Whether the lane's stack seeds the demo's volume (48 more customers, months of history) or only the demo accounts' own data. */
    demoVolume: boolean;
    baseUrl: string;
    demoPassword: string;
    demoAdminTotpSecret: string;
    localStack: {
      endpoints: { dynamodb: string; s3: string; cognito: string };
      /** DynamoDB Local's and cognito-local's processes (test/support/freeze.ts stops and resumes them). */
      emulatorPids: { dynamodb?: number; cognito?: number };
      resources: {
        tableName: string;
        buckets: Record<string, string>;
        userPoolId: string;
        userPoolClientId: string;
      };
      functionEnv: Record<string, string>;
      /** The stack's public signing key as a keys file (what the client trusts from disk). */
      licenseKeysFile: string;
    };
  }
}
