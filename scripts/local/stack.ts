import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { serve, type ServerType } from '@hono/node-server';
import { buckets, bucketRoles, cognitoTriggers, functionEnv } from '../../infra/definitions';
import type { WebConfig } from '../../shared/web-config';
import { ensureBuckets, ensureTable, ensureUserPool, localNames, type LocalResources } from './bootstrap';
import { startCognito, startDynamoDb, startS3, type RunningEmulator } from './emulators';
import { freePort } from './net';
import { DEFAULT_DEMO_PASSWORD, seedDemoAccounts } from './seed';

export const LOCAL_REGION = 'us-east-1';

export interface LocalStackOptions {
  /** Where every emulator keeps its data; a restart on the same folder keeps every record. */
  dataDir: string;
  /** Port of the portal itself; 0 or absent picks a free one. The emulators then prefer the next three
   * ports, so that their addresses (and the token issuer) stay the same from one start to the next. */
  port?: number;
  /** The built SPA; default web/dist. */
  webDir?: string;
  demoPassword?: string;
  /** How often the scheduled jobs run locally; 0 turns the timer off. Default 60 minutes. */
  jobIntervalMinutes?: number;
}

export interface LocalStack {
  baseUrl: string;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  resources: LocalResources;
  /** The environment the functions run with locally (also what the deploy-fidelity test gives bundles). */
  functionEnv: Record<string, string>;
  webConfig: WebConfig;
  demoPassword: string;
  /** Every mail the product sent (functions/lib/adapters/local-outbox.ts). */
  mailboxFile: string;
  /** Every newsletter subscription the product made. */
  newsletterFile: string;
  stop(): Promise<void>;
}

/** Credentials and endpoints that point every AWS SDK client of this process at the emulators. */
function sdkEnvironment(endpoints: LocalStack['endpoints']): Record<string, string> {
  return {
    AWS_REGION: LOCAL_REGION,
    // s3rver knows only this key pair; DynamoDB Local and cognito-local accept any.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    // Locally Node may be 20; deployed functions run on 22+, so the SDK's Node-version reminder is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/**
 * Secrets the functions read from the environment locally (Secrets Manager in AWS): generated on the
 * first start and kept in the data folder, so a restart keeps them and the repository never holds one.
 */
function localSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    writeFileSync(file, JSON.stringify({ SSO_SECRET: randomBytes(32).toString('hex') }), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/**
 * Starts the whole product on this machine: DynamoDB Local, s3rver and cognito-local on 127.0.0.1,
 * resources created from infra/definitions, the demo accounts seeded, and one HTTP server that plays
 * CloudFront + API + Lambda. `stop()` ends all of it.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const demoPassword = options.demoPassword ?? DEFAULT_DEMO_PASSWORD;
  const mailboxFile = join(dataDir, 'mailbox.jsonl');
  const newsletterFile = join(dataDir, 'newsletter.jsonl');
  const port = options.port || (await freePort());
  const preferred = (offset: number) => (options.port ? options.port + offset : 0);
  const dynamoPort = await freePort(preferred(1));
  const s3Port = await freePort(preferred(2));
  const cognitoPort = await freePort(preferred(3));

  const running: RunningEmulator[] = [];
  let server: ServerType | undefined;
  let jobTimer: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearInterval(jobTimer);
    rmSync(join(dataDir, 'stack.json'), { force: true });
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    await Promise.allSettled(running.map((emulator) => emulator.stop()));
  };

  try {
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamoDb(dynamoPort, join(dataDir, 'dynamodb')),
      startS3(s3Port, join(dataDir, 's3')),
      startCognito(cognitoPort, join(dataDir, 'cognito'), `http://127.0.0.1:${port}`, mailboxFile),
    ]);
    running.push(dynamo, s3, cognito);
    const endpoints = { dynamodb: dynamo.url, s3: s3.url, cognito: cognito.url };
    const sdkEnv = sdkEnvironment(endpoints);
    Object.assign(process.env, sdkEnv);

    const s3Client = new S3Client({ region: LOCAL_REGION, forcePathStyle: true });
    const cognitoClient = new CognitoIdentityProviderClient({ region: LOCAL_REGION });
    await ensureTable(new DynamoDBClient({ region: LOCAL_REGION }), localNames.table);
    const bucketNames = await ensureBuckets(s3Client);
    const ids = await ensureUserPool(cognitoClient);
    const resources: LocalResources = { tableName: localNames.table, buckets: bucketNames, ...ids };

    const env: Record<string, string> = {
      ...sdkEnv,
      ...localSecrets(dataDir),
      [functionEnv.tableName]: resources.tableName,
      [functionEnv.userPoolId]: resources.userPoolId,
      [functionEnv.userPoolClientId]: resources.userPoolClientId,
      [functionEnv.cognitoIssuer]: `${endpoints.cognito}/${resources.userPoolId}`,
      // The local implementations of the adapters to outside services (functions/lib/adapters).
      LOCAL_MAILBOX_FILE: mailboxFile,
      LOCAL_NEWSLETTER_FILE: newsletterFile,
    };
    Object.assign(process.env, env);

    // Imported only now: the function code reads its configuration from the environment set above.
    const { userApp } = await import('../../functions/user/app');
    const { ssoApp } = await import('../../functions/sso/app');
    const preSignUp = await import('../../functions/triggers/pre-signup');
    const postConfirmation = await import('../../functions/triggers/post-confirmation');
    const { createLocalApp } = await import('./server');

    const webConfig: WebConfig = {
      region: LOCAL_REGION,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      cognitoEndpoint: endpoints.cognito,
      apiBase: '/api',
      local: true,
    };
    const bucketPaths = Object.fromEntries(
      bucketRoles.flatMap((role) => (buckets[role].path ? [[buckets[role].path, bucketNames[role]]] : [])),
    );
    const app = createLocalApp({
      webDir: options.webDir ?? resolve('web/dist'),
      webConfig,
      apiApps: [userApp, ssoApp],
      lambdas: {
        [cognitoTriggers.preSignUp.localName]: (event) => preSignUp.handler(event as never),
        [cognitoTriggers.postConfirmation.localName]: (event) => postConfirmation.handler(event as never),
      },
      s3: s3Client,
      bucketPaths,
      mailboxFile,
    });
    server = await new Promise<ServerType>((resolveServer, reject) => {
      const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolveServer(s));
      s.once('error', reject);
    });
    const actualPort = (server.address() as AddressInfo).port;

    await seedDemoAccounts(cognitoClient, ids, demoPassword);

    // What EventBridge does in AWS: the scheduled jobs, on a timer. `npm run local:job` finds the
    // running stack through stack.json.
    writeFileSync(join(dataDir, 'stack.json'), JSON.stringify({ baseUrl: `http://127.0.0.1:${actualPort}`, functionEnv: env }));
    const intervalMinutes = options.jobIntervalMinutes ?? 60;
    if (intervalMinutes > 0) {
      const { runJob, jobNames } = await import('./jobs');
      jobTimer = setInterval(() => {
        for (const name of jobNames) runJob(name).catch((error) => console.error(`Job ${name} failed:`, error));
      }, intervalMinutes * 60_000);
      jobTimer.unref();
    }

    return {
      baseUrl: `http://127.0.0.1:${actualPort}`,
      endpoints,
      resources,
      functionEnv: env,
      webConfig,
      demoPassword,
      mailboxFile,
      newsletterFile,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
