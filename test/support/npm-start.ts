import { spawn, spawnSync } from 'node:child_process';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { freePort } from '../../scripts/local/net';
import { API_CLIENT, API_VERSION } from '../../shared/api';

/**
 * `npm start` as a person runs it, in a process of its own on a free port and a data folder of the
 * test's: for the tests of npm start itself (test/own-stack), which need no stack of the test tier.
 */

/** What `npm run local:job -- <name>` runs. */
export const runJobCommand = (dataDir: string, name: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/local/run-job.ts', name], {
    env: { ...process.env, LOCAL_DATA_DIR: dataDir },
    encoding: 'utf8',
  });

export interface RunningPortal {
  baseUrl: string;
  poolId: string;
  clientId: string;
  emulators: { dynamodb: string; s3: string; cognito: string };
  interrupt(): Promise<number | null>;
}

/** scripts/local/start.ts run as `npm start` runs it, on a free port; its output collected. */
export async function spawnPortal(dataDir: string, password: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local/start.ts'], {
    env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir, DEMO_PASSWORD: password, SKIP_WEB_BUILD: '1', DEMO_VOLUME: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { output: '' };
  child.stdout.on('data', (chunk) => (state.output += chunk));
  child.stderr.on('data', (chunk) => (state.output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, child, state, exited };
}

export type SpawnedPortal = Awaited<ReturnType<typeof spawnPortal>>;

/** Waits until a spawned `npm start` says it is ready, and reads what it printed. */
export async function whenStarted({ port, child, state, exited }: SpawnedPortal): Promise<RunningPortal> {
  const deadline = Date.now() + 150_000;
  while (!state.output.includes('Press Ctrl-C to stop.')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${state.output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const output = state.output;
  const match = (pattern: RegExp) => output.match(pattern)?.[1] ?? '';
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { userPoolId: string; userPoolClientId: string };
  return {
    baseUrl,
    poolId: config.userPoolId,
    clientId: config.userPoolClientId,
    emulators: { dynamodb: match(/DynamoDB (\S+)/), s3: match(/S3 (\S+)/), cognito: match(/Cognito (\S+)/) },
    interrupt: async () => {
      child.kill('SIGINT');
      return exited;
    },
  };
}

export async function tokenFor(portal: RunningPortal, password: string) {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: portal.emulators.cognito,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const result = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: portal.clientId,
      AuthParameters: { USERNAME: 'demo', PASSWORD: password },
    }),
  );
  return result.AuthenticationResult!.AccessToken!;
}

export async function post(baseUrl: string, token: string, body: Record<string, unknown>, endpoint = 'user') {
  const response = await fetch(`${baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: API_VERSION, client: API_CLIENT, ...body }),
  });
  return (await response.json()) as { status: string; data?: unknown };
}
