import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { startLaneLock, type LaneLock } from './lane-lock';

/**
 * Builds the SPA and starts one local stack (emulators on free ports, fresh data) for the stack projects
 * (`stack-quiet`, `stack-shared`). Each project runs its own global setup, in its own module
 * instance, so the stack is one promise kept on `globalThis` with a count of the projects using it: the
 * first starts it, the last to tear down stops it.
 */
interface Shared {
  started: Promise<{ stack: LocalStack; laneLock: LaneLock; dataDir: string }>;
  users: number;
}
const key = Symbol.for('portal.test.stack');
const registry = globalThis as typeof globalThis & { [key]?: Shared };

async function start() {
  const { build } = await import('vite');
  await build({ configFile: resolve('web/vite.config.ts'), logLevel: 'error' });

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  // Sessions are rechecked every 2 s here (30 s by default), so tests see a revocation take effect quickly;
  // a test may move the edge's clock to see a signed link expire.
  const stack = await startLocalStack({ dataDir, demoPassword: process.env.DEMO_PASSWORD, sessionRecheckSeconds: 2, edgeClockControl: true });
  const laneLock = await startLaneLock();
  return { stack, laneLock, dataDir };
}

export default async function setup(project: TestProject) {
  const shared = (registry[key] ??= { started: start(), users: 0 });
  shared.users += 1;
  const { stack, laneLock, dataDir } = await shared.started;

  project.provide('lane', { lane: project.name, lockPort: laneLock.port });
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
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    await laneLock.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** This project's lane and the lane lock's port (test/support/lane.ts). */
    lane: { lane: string; lockPort: number };
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
