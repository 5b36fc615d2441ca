import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildWebApp } from '../../scripts/local/build-web';
import type { LocalStackOptions } from '../../scripts/local/stack';
import type { StackStarted } from './stack-process';

/**
 * Builds the SPA once and starts a local stack (emulators on free ports, fresh data) for each stack
 * project, in a process of its own (test/support/stack-process.ts): `stack`, whose files each work in a
 * tenant of their own on it (scripts/local/tenants.ts, test/support/tenant.ts), and `own-stack`, for the
 * file that freezes its stack's emulators. Each project runs its own global setup, in its own module
 * instance, so what they share (the build, the stacks) is kept on `globalThis` with a count of the
 * projects using it: the first starts it, the last to tear down stops it.
 */
interface Shared {
  built: Promise<void>;
  /** Each project's stack, started by the first global setup of the run. */
  stacks: Map<string, Promise<ProjectStack>>;
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
const stackOptions = (dataDir: string, project: TestProject): LocalStackOptions => ({
  dataDir,
  demoPassword: process.env.DEMO_PASSWORD,
  sessionRecheckSeconds: 2,
  edgeClockControl: true,
  demoVolume: project.config.provide?.demoVolume ?? true,
  tenants: project.config.provide?.tenants ?? false,
  // A throwaway stack: DynamoDB Local in memory writes the tenants' copies several times faster.
  dynamoDbInMemory: true,
});

/** A project's stack: its data folder and its process. */
interface ProjectStack {
  dataDir: string;
  running: Awaited<ReturnType<typeof startStackProcess>>;
}

async function startProjectStack(project: TestProject): Promise<ProjectStack> {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${project.name}-`));
  return { dataDir, running: await startStackProcess(stackOptions(dataDir, project)) };
}

async function stopProjectStack(started: Promise<ProjectStack>): Promise<void> {
  const stack = await started.catch(() => undefined);
  if (!stack) return;
  await stack.running.stop();
  rmSync(stack.dataDir, { recursive: true, force: true });
}

/** The projects of this run that use this global setup, `project` among them. */
const stackProjects = (project: TestProject) => {
  const thisFile = fileURLToPath(import.meta.url);
  const others = project.vitest.projects.filter((other) => [other.config.globalSetup].flat().some((file) => resolve(file) === thisFile));
  return new Set([project, ...others]);
};

export default async function setup(project: TestProject) {
  // The SPA builds at low priority: the demo volume's seeding, which the stack tier waits for, is the
  // start's longest path, and the build takes a core from it.
  const shared: Shared = (registry[key] ??= {
    built: buildWebApp({ logLevel: 'error', lowPriority: true }),
    stacks: new Map(),
    users: 0,
    browserTmpDir: mkdtempSync(join(tmpdir(), 'portal-browsers-')),
  });
  shared.users += 1;
  // Vitest runs the projects' global setups one after another: the first starts every project's stack, so
  // they start side by side (and while the SPA builds; a stack serves the build's folder once it is there).
  for (const other of stackProjects(project)) {
    if (shared.stacks.has(other.name)) continue;
    const started = startProjectStack(other);
    // A failed start is reported by its project's own setup, which awaits it.
    started.catch(() => undefined);
    shared.stacks.set(other.name, started);
  }
  const own = shared.stacks.get(project.name)!;
  const [, { running }] = await Promise.all([shared.built, own]);
  const { stack } = running;
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
    await stopProjectStack(own);
    shared.stacks.delete(project.name);
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    // Stacks of projects that had no files to run in this run.
    await Promise.all([...shared.stacks.values()].map(stopProjectStack));
    rmSync(shared.browserTmpDir, { recursive: true, force: true, maxRetries: 3 });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The temporary folder of the workers' browsers (their profiles), removed at the end of the run. */
    browserTmpDir: string;
    /** Whether the project's stack seeds the demo's volume (48 more customers, months of history) or only the demo accounts' own data. */
    demoVolume: boolean;
    /** Whether the project's files each work in a tenant of their own on its stack (test/support/tenant.ts). */
    tenants: boolean;
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
