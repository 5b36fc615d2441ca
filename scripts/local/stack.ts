import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { serve, type ServerType } from '@hono/node-server';
import { ENV } from '../../shared/runtime';
import { webConfigSchema, type WebConfig } from '../../shared/web-config';
import { endpoints, secrets, triggers, type EndpointName, type EndpointUnit, type TriggerName } from '../../functions/registry';
import { buckets, bucketRoles } from '../../infra/definitions';
import { createEdgeClock } from './edge-clock';
import { ensureBuckets, ensureTable, ensureUserPool, localNames, type LocalResources } from './bootstrap';
import { S3RVER_CREDENTIALS, startCognito, startDynamoDb, startS3, type RunningEmulator } from './emulators';
import { freePort } from './net';
import { DEFAULT_DEMO_PASSWORD, seedDemoAccounts, seedDemoPurchases, seedDemoVolume } from './seed';
import { seedReleases } from './seed-releases';
import { demoAuthenticatorSecret, localSecrets } from './local-secrets';
import { loadEndpointApp, loadUnitHandler, unitRuntime } from './units';
import { signingKeyFromSecret } from '../../functions/lib/signing-key';
import { LOCAL_KEYS_FILE } from '../client/trusted-keys';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { TENANT_HEADER } from './tenant-names';
import { createTenants, currentTenant, type Tenants } from './tenants';

/** What a trigger's event says of its user, as far as choosing its tenant reads it. */
interface TriggerEventLike {
  request?: { userAttributes?: { email?: string } };
}

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
  /** The demo admin's authenticator secret (base32); by default one generated once and kept in the data folder. */
  demoAdminTotpSecret?: string;
  /** How often the scheduled jobs run locally; 0 turns the timer off. Default 60 minutes. */
  jobIntervalMinutes?: number;
  /** How long the API trusts its last session check (ENV.sessionRecheckSeconds); default the functions' own. */
  sessionRecheckSeconds?: number;
  /** Origins of a Vite dev server serving the SPA against this stack: cognito-local answers them too. */
  devOrigins?: string[];
  /** Other sites a `redirect` query may send the browser to (e.g. a local forum), as origins; default none. */
  redirectOrigins?: string[];
  /** The Download page's guide addresses for /config.json, as a deployment sets them; default none (no links). */
  guides?: Pick<WebConfig, 'guidesUrl' | 'raspberryPiGuideUrl'>;
  /**
   * Let POST /local/edge-clock move the clock signed links expire by (the test stack: a test sees a link
   * expire without waiting); never on `npm start`.
   */
  edgeClockControl?: boolean;
  /** Seed the demo's volume (more customers, months of history); default true. See seedDemoVolume. */
  demoVolume?: boolean;
  /**
   * Serve tenants (scripts/local/tenants.ts): each test file works in one of its own, named by a header
   * or cookie only this option makes the server read. A test stack only; never on `npm start`.
   */
  tenants?: boolean;
  /** Keep DynamoDB Local's data in memory only (a throwaway stack: the bench's scale data loads faster). */
  dynamoDbInMemory?: boolean;
}

export interface LocalStack {
  baseUrl: string;
  endpoints: { dynamodb: string; s3: string; cognito: string };
  /**
   * The process of each emulator that runs in its own (DynamoDB Local's Java, cognito-local): a test can
   * stop and resume one to play a stalled service. s3rver runs in this process, so it has none.
   */
  emulatorPids: { dynamodb?: number; cognito?: number };
  resources: LocalResources;
  /**
   * Every variable any unit gets locally; each unit runs with only its own part (scripts/local/units.ts),
   * which is also what the deploy-fidelity test gives each bundle.
   */
  functionEnv: Record<string, string>;
  webConfig: WebConfig;
  demoPassword: string;
  /** The demo admin's authenticator secret: a code from it answers the admin's sign-in challenge. */
  demoAdminTotpSecret: string;
  /** Every mail the product sent (functions/lib/adapters/local-outbox.ts). */
  mailboxFile: string;
  /** Every newsletter subscription the product made. */
  newsletterFile: string;
  /** The public key this stack signs seat reservations with, as a keys file the client trusts from disk. */
  licenseKeysFile: string;
  stop(): Promise<void>;
}

/** Credentials and endpoints that point every AWS SDK client of this process at the emulators. */
function sdkEnvironment(endpoints: LocalStack['endpoints']): Record<string, string> {
  return {
    AWS_REGION: LOCAL_REGION,
    // s3rver knows only this key pair; DynamoDB Local and cognito-local accept any.
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    // Locally Node may be 20; deployed functions run on 22+, so the SDK's Node-version reminder is noise.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}

/**
 * Starts the whole product on this machine: DynamoDB Local, s3rver and cognito-local on 127.0.0.1,
 * resources created from infra/definitions, the demo accounts seeded, and one HTTP server that plays
 * CloudFront + API + Lambda. `stop()` ends all of it.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const demoPassword = options.demoPassword ?? DEFAULT_DEMO_PASSWORD;
  const mailboxFile = join(dataDir, 'mailbox.jsonl');
  const newsletterFile = join(dataDir, 'newsletter.jsonl');
  // Codes, addresses and secrets live here: the owner's only, also in a folder an older version made.
  chmodSync(dataDir, 0o700);
  for (const file of [mailboxFile, newsletterFile]) if (existsSync(file)) chmodSync(file, 0o600);
  const port = options.port || (await freePort());
  const preferred = (offset: number) => (options.port ? options.port + offset : 0);
  const dynamoPort = await freePort(preferred(1));
  const s3Port = await freePort(preferred(2));
  const cognitoPort = await freePort(preferred(3));
  // The only web pages cognito-local answers: the portal's own (and a developer's Vite server, if named).
  const portalOrigins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, ...(options.devOrigins ?? [])];

  const running: RunningEmulator[] = [];
  const servers: ServerType[] = [];
  let jobTimer: NodeJS.Timeout | undefined;
  /** Job runs the timer started and that have not ended: a stop lets them finish before the emulators go. */
  const jobRuns = new Set<Promise<unknown>>();
  const stop = async () => {
    clearInterval(jobTimer);
    await Promise.allSettled(jobRuns);
    rmSync(join(dataDir, 'stack.json'), { force: true });
    await Promise.all(servers.map((server) => new Promise<void>((r) => server.close(() => r()))));
    await Promise.allSettled(running.map((emulator) => emulator.stop()));
  };
  const listen = (fetch: (request: Request) => Response | Promise<Response>, listenPort: number) =>
    new Promise<ServerType>((resolveServer, reject) => {
      const server = serve({ fetch, port: listenPort, hostname: '127.0.0.1' }, () => resolveServer(server));
      server.once('error', reject);
      servers.push(server);
    });

  try {
    // The Lambda Invoke stand-in comes first: cognito-local calls it for the triggers while seeding.
    // Filled in below, before cognito-local can call a trigger.
    const stackEnv: Record<string, string> = {};
    const handlers = new Map<TriggerName, Promise<(event: unknown) => Promise<unknown>>>();
    let tenants: Tenants | undefined;
    // A trigger runs in the tenant its user's address names (Cognito, not the test, calls it).
    const triggerRuntime = (runtime: FunctionRuntime, event: unknown) =>
      tenants?.runtimeOf(runtime, tenants.ofEmail((event as TriggerEventLike).request?.userAttributes?.email)) ?? runtime;
    const lambdaOf = (name: TriggerName) => {
      if (!handlers.has(name)) handlers.set(name, loadUnitHandler({ trigger: name }, stackEnv, triggerRuntime));
      return handlers.get(name)!;
    };
    const lambdas = Object.fromEntries(
      (Object.keys(triggers) as TriggerName[]).map((name) => [name, (event: unknown) => lambdaOf(name).then((run) => run(event))]),
    );
    const { createInvokeApp, createLocalApp } = await import('./server');
    const { createCheckoutSandbox, sandboxBuilderScript } = await import('./checkout-sandbox/sandbox');
    const invokeServer = await listen(createInvokeApp(lambdas).fetch, await freePort());
    const invokeUrl = `http://127.0.0.1:${(invokeServer.address() as AddressInfo).port}`;

    const [dynamo, s3, cognito] = await Promise.all([
      startDynamoDb(dynamoPort, join(dataDir, 'dynamodb'), { inMemory: options.dynamoDbInMemory ?? false }),
      startS3(s3Port, join(dataDir, 's3')),
      startCognito(cognitoPort, join(dataDir, 'cognito'), invokeUrl, mailboxFile, portalOrigins),
    ]);
    running.push(dynamo, s3, cognito);
    const endpointsUrls = { dynamodb: dynamo.url, s3: s3.url, cognito: cognito.url };
    const sdkEnv = sdkEnvironment(endpointsUrls);
    // Only the SDK's settings go into this process's environment; each unit gets its own (units.ts).
    Object.assign(process.env, sdkEnv);

    const s3Client = new S3Client({ region: LOCAL_REGION, forcePathStyle: true });
    const cognitoClient = new CognitoIdentityProviderClient({ region: LOCAL_REGION });
    await ensureTable(new DynamoDBClient({ region: LOCAL_REGION }), localNames.table);
    const bucketNames = await ensureBuckets(s3Client);
    await seedReleases(s3Client, bucketNames);
    const ids = await ensureUserPool(cognitoClient);
    const resources: LocalResources = { tableName: localNames.table, buckets: bucketNames, ...ids };
    if (options.tenants) {
      tenants = createTenants({ dynamo: new DynamoDBClient({ region: LOCAL_REGION }), s3: s3Client, tableName: resources.tableName, buckets: bucketNames, dataDir });
    }

    Object.assign(stackEnv, {
      ...sdkEnv,
      ...localSecrets(dataDir),
      [ENV.tableName]: resources.tableName,
      [ENV.userPoolId]: resources.userPoolId,
      [ENV.userPoolClientId]: resources.userPoolClientId,
      [ENV.cognitoIssuer]: `${endpointsUrls.cognito}/${resources.userPoolId}`,
      // Each bucket's variable, as declared with it; a unit gets only those its registry files name.
      ...Object.fromEntries(bucketRoles.map((role) => [buckets[role].env, resources.buckets[role]])),
      ...(options.sessionRecheckSeconds !== undefined ? { [ENV.sessionRecheckSeconds]: String(options.sessionRecheckSeconds) } : {}),
      // The local implementations of the adapters to outside services (functions/lib/adapters).
      [ENV.localMailboxFile]: mailboxFile,
      [ENV.localNewsletterFile]: newsletterFile,
      // The portal's own address, for the links in mail (in AWS a parameter holds the distribution's).
      [ENV.portalUrl]: `http://127.0.0.1:${port}`,
      // The checkout provider's REST API: the sandbox's, on this server.
      [ENV.checkoutApiUrl]: `http://127.0.0.1:${port}/local/checkout/api`,
    });

    // IAM, played locally: every SDK call of a unit must be among its registry needs.
    const { guardClient } = await import('./grants-guard');
    const { documentClient } = await import('../../functions/lib/db/table');
    const { cognito: functionsCognito } = await import('../../functions/lib/cognito');
    guardClient(documentClient, 'dynamodb');
    guardClient((await functionsCognito()).client, 'cognito-idp');
    const { s3: functionsS3 } = await import('../../functions/lib/files/s3');
    guardClient((await functionsS3()).client, 's3');

    const demoAdminTotpSecret = options.demoAdminTotpSecret?.replace(/\s/g, '').toUpperCase() || demoAuthenticatorSecret(dataDir);
    const demoUsers = await seedDemoAccounts(cognitoClient, ids, { password: demoPassword, adminTotpSecret: demoAdminTotpSecret, cognitoEndpoint: cognito.url }, stackEnv);

    // Checked against the SPA's own schema: a malformed setting (e.g. PORTAL_REDIRECT_ORIGINS) stops the start.
    const webConfig: WebConfig = webConfigSchema.parse({
      region: LOCAL_REGION,
      userPoolId: resources.userPoolId,
      userPoolClientId: resources.userPoolClientId,
      cognitoEndpoint: endpointsUrls.cognito,
      apiBase: '/api',
      checkout: { scriptUrl: '/local/checkout/builder.js', scriptIntegrity: sandboxBuilderScript().integrity, storefront: 'sandbox' },
      // The checkout sandbox is on this origin; other sites (e.g. a local forum) only when listed.
      redirectOrigins: options.redirectOrigins ?? [],
      ...options.guides,
      local: true,
    });
    const apiUnits = (
      await Promise.all(
        (Object.keys(endpoints) as EndpointName[]).map(async (name) => {
          const unit = { app: await loadEndpointApp(name), runtime: unitRuntime({ endpoint: name }, stackEnv) };
          // The paths it answers for the portal's names it does not offer are routed to it too, as the API's routes are.
          const notOffered = (endpoints[name] as EndpointUnit).notOfferedPaths ?? [];
          return [{ path: endpoints[name].path, ...unit }, ...notOffered.map((path) => ({ path, ...unit }))];
        }),
      )
    ).flat();
    const app = createLocalApp({
      webDir: options.webDir ?? resolve('web/dist'),
      webConfig,
      endpoints: apiUnits,
      originVerifySecret: stackEnv[secrets.originVerify.env]!,
      s3: s3Client,
      buckets: bucketNames,
      linkSigningSecret: stackEnv[secrets.linkSigning.env]!,
      edgeClock: createEdgeClock(),
      edgeClockControl: options.edgeClockControl ?? false,
      mailboxFile,
      tenants,
      checkoutSandbox: createCheckoutSandbox({
        portalUrl: () => `http://127.0.0.1:${port}`,
        webhookSecret: stackEnv[secrets.fastspringWebhook.env]!,
        apiCredentials: stackEnv[secrets.fastspringApi.env]!,
        dataDir,
        tenants: tenants && { current: () => currentTenant()?.name, headers: (tenant) => ({ [TENANT_HEADER]: tenant }) },
      }),
    });
    // The portal listens only now, with the demo accounts in place: it answers once it is usable.
    const server = await listen(app.fetch, port);
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The demo's subscriptions are bought in the checkout sandbox, which delivers its webhooks to the portal.
    await seedDemoPurchases(baseUrl, demoUsers, stackEnv);
    // A tenant that does not read the demo's volume starts from the demo as it is now, without it.
    await tenants?.keepLeanBase();
    if (options.demoVolume ?? true) await seedDemoVolume(demoUsers, stackEnv);

    // What EventBridge does in AWS: the scheduled jobs, on a timer. `npm run local:job` finds the
    // running stack through stack.json (it holds the local secrets: owner-only, like secrets.json).
    writeFileSync(join(dataDir, 'stack.json'), JSON.stringify({ baseUrl, functionEnv: stackEnv }), { mode: 0o600 });
    // The local stack's own signing key is generated, so no client carries it: the client reads it from
    // this file on disk (its trusted source), never from the portal it talks to.
    const licenseKeysFile = join(dataDir, LOCAL_KEYS_FILE);
    const signingKey = signingKeyFromSecret(stackEnv[secrets.licenseSigning.env]!);
    writeFileSync(licenseKeysFile, JSON.stringify({ keys: [{ key_id: signingKey.keyId, public_key: signingKey.publicKeyPem }] }, null, 2));
    const intervalMinutes = options.jobIntervalMinutes ?? 60;
    if (intervalMinutes > 0) {
      const { runJob, jobNames } = await import('./jobs');
      jobTimer = setInterval(() => {
        for (const name of jobNames) {
          const run = runJob(name, stackEnv)
            .catch((error) => console.error(`Job ${name} failed:`, error))
            .finally(() => jobRuns.delete(run));
          jobRuns.add(run);
        }
      }, intervalMinutes * 60_000);
      jobTimer.unref();
    }

    return {
      baseUrl,
      endpoints: endpointsUrls,
      emulatorPids: { dynamodb: dynamo.pid, cognito: cognito.pid },
      resources,
      functionEnv: stackEnv,
      webConfig,
      demoPassword,
      demoAdminTotpSecret,
      mailboxFile,
      newsletterFile,
      licenseKeysFile,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
