import { AsyncLocalStorage } from 'node:async_hooks';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BatchWriteItemCommand, ScanCommand, UpdateItemCommand, type AttributeValue, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CopyObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../../shared/runtime';
import { bucketRoles, buckets, dataTable, type BucketRole } from '../../infra/definitions';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { readRecords, type LocalMail } from '../../functions/lib/adapters/local-outbox';
import { ensureBuckets, ensureTable } from './bootstrap';
import { emailDomainOf, TENANT_COOKIE, TENANT_HEADER, TENANT_NAME, tenantEmailDomain } from './tenant-names';

/**
 * Tenants of a test stack: each stack test file works in one of its own, so files run side by side on
 * one stack without seeing each other's writes, files, clock or job runs. A tenant is its own table (a
 * copy of the stack's seeded one, made when the tenant is first asked for), its own buckets (copies of
 * the stack's) and its own edge clock. Nothing in functions/ knows of tenants: a unit reads its table
 * and buckets from its environment (functions/lib/runtime-env.ts), and a tenant's call runs with an
 * environment naming the tenant's. A tenant's table starts as the demo without its volume unless its file
 * asks for the volume (DEMO_VOLUME_MARKER): copying the whole seeded table for every file was most of
 * what a tenant cost. A request names its tenant with TENANT_HEADER (the test client) or
 * TENANT_COOKIE (a test's browser); only a local server made with tenants reads either, and `npm start`
 * makes none. A deployment has no such switch at all: CloudFront forwards the header to a Lambda whose
 * environment names its one table (test/integration/deployed-bundles.test.ts checks the bundles).
 */

export interface Tenant {
  name: string;
  tableName: string;
  buckets: Record<BucketRole, string>;
  /** What its units' environment says otherwise: its table, its buckets, its mailbox and newsletter files. */
  env: Record<string, string>;
  /** The mail its units sent (Cognito's mail to its users is in the stack's mailbox: tenantMailbox). */
  mailboxFile: string;
  /** Its users' email domain (tenantEmailDomain). */
  emailDomain: string;
  /** How far the tenant's edge clock runs ahead of the real one (POST /local/edge-clock in the tenant). */
  edgeOffsetMs: number;
  /** Each unit's environment in this tenant, made once per unit (a unit's config is cached per environment). */
  runtimes: WeakMap<FunctionRuntime, FunctionRuntime>;
}

/**
 * A tenant's new users are numbered from a range of its own (tenant n from n × this): a warm function
 * keeps a user's sub by id as a Lambda does (functions/domain/users/user-holdings.ts), and here one
 * process serves every tenant, so two tenants' new users must not share an id.
 */
export const TENANT_ID_RANGE = 1_000;
const ID_RANGED_KIND = 'user';

const inTenant = new AsyncLocalStorage<Tenant>();

/** The tenant of the request being served, if it named one. */
export const currentTenant = (): Tenant | undefined => inTenant.getStore();

export interface Tenants {
  /**
   * The tenant of this name, made on first use: from the demo without its volume (keepLeanBase), or
   * with `demoVolume` from the stack's whole seeded table.
   */
  open(name: string, made?: { demoVolume?: boolean }): Promise<Tenant>;
  /** Keeps the stack's table as it is now (the demo before its volume) as what a lean tenant starts from. */
  keepLeanBase(): Promise<void>;
  /** Runs `work` (and everything it awaits) in `tenant`. */
  run<T>(tenant: Tenant, work: () => T): T;
  /** `runtime` as it runs in `tenant` (by default the current one): its table and buckets are the tenant's. */
  runtimeOf(runtime: FunctionRuntime, tenant?: Tenant): FunctionRuntime;
  /** The opened tenant whose email domain (tenantEmailDomain) an address is at. */
  ofEmail(email: string | undefined): Tenant | undefined;
  /** A bucket's name in the current tenant. */
  bucketOf(role: BucketRole): string;
  /**
   * The mailbox as a tenant reads it (/local/mailbox.json), newest first: what its units sent, and what
   * the stack's mailbox holds (Cognito's mail) that is not to another tenant's users.
   */
  mailbox(tenant: Tenant, stackMailboxFile: string): LocalMail[];
}

export interface TenantsOptions {
  dynamo: DynamoDBClient;
  s3: S3Client;
  /** The stack's own table and buckets, which each tenant starts as a copy of. */
  tableName: string;
  buckets: Record<BucketRole, string>;
  /** Where the tenants' mailbox and newsletter files go. */
  dataDir: string;
}

export function createTenants(options: TenantsOptions): Tenants {
  const opened = new Map<string, Promise<Tenant>>();
  /** The tenants made, by their users' email domain. */
  const byEmailDomain = new Map<string, Tenant>();
  let making: Promise<unknown> = Promise.resolve();
  /** Tenants are numbered from 1 in the order they are asked for. */
  let nextNumber = 1;
  /** The demo before its volume, kept in memory (a few hundred items): most files read nothing more. */
  let leanBase: Record<string, AttributeValue>[] | undefined;

  const make = async (name: string, index: number, demoVolume: boolean): Promise<Tenant> => {
    const tableName = `${options.tableName}-${name}`;
    await ensureTable(options.dynamo, tableName);
    const items = demoVolume || !leanBase ? await scanTable(options.dynamo, options.tableName) : leanBase;
    await putItems(options.dynamo, tableName, items);
    await moveIdCounter(options.dynamo, tableName, index * TENANT_ID_RANGE);
    const tenantBuckets = await ensureBuckets(options.s3, (role) => `${options.buckets[role]}-${name}`);
    // The list snapshots are a cache of the table's rows (a tenant without them reads the rows).
    await Promise.all(bucketRoles.filter((role) => role !== 'lists').map((role) => copyBucket(options.s3, options.buckets[role], tenantBuckets[role])));
    // Beside the stack's own (the checkout sandbox's files are found beside the mailbox).
    const mailboxFile = join(options.dataDir, `mailbox-${name}.jsonl`);
    const newsletterFile = join(options.dataDir, `newsletter-${name}.jsonl`);
    // Addresses and codes: the owner's only, as the stack's own files.
    for (const file of [mailboxFile, newsletterFile]) writeFileSync(file, '', { flag: 'a', mode: 0o600 });
    const env = {
      [ENV.tableName]: tableName,
      ...Object.fromEntries(bucketRoles.map((role) => [buckets[role].env, tenantBuckets[role]])),
      [ENV.localMailboxFile]: mailboxFile,
      [ENV.localNewsletterFile]: newsletterFile,
    };
    return { name, tableName, buckets: tenantBuckets, env, mailboxFile, emailDomain: tenantEmailDomain(index), edgeOffsetMs: 0, runtimes: new WeakMap() };
  };

  return {
    async keepLeanBase() {
      leanBase = await scanTable(options.dynamo, options.tableName);
    },
    open(name, { demoVolume = false } = {}) {
      if (!TENANT_NAME.test(name)) return Promise.reject(new Error(`Not a tenant name: ${name}`));
      let tenant = opened.get(name);
      if (!tenant) {
        // One copy at a time: DynamoDB Local keeps answering the files already at work meanwhile.
        const number = nextNumber++;
        tenant = making.then(() => make(name, number, demoVolume));
        making = tenant.catch(() => undefined);
        opened.set(name, tenant);
        tenant.then(
          (made) => byEmailDomain.set(made.emailDomain, made),
          () => opened.delete(name),
        );
      }
      return tenant;
    },
    run: (tenant, work) => inTenant.run(tenant, work),
    runtimeOf(runtime, tenant = currentTenant()) {
      if (!tenant) return runtime;
      let own = tenant.runtimes.get(runtime);
      if (!own) {
        const env: Record<string, string | undefined> = { ...runtime.env };
        // Only what the unit is given: a unit without the table or a bucket stays without it.
        for (const [variable, value] of Object.entries(tenant.env)) if (env[variable] !== undefined) env[variable] = value;
        own = { ...runtime, env: Object.freeze(env) };
        tenant.runtimes.set(runtime, own);
      }
      return own;
    },
    ofEmail(email) {
      const domain = emailDomainOf(email);
      return domain === undefined ? undefined : byEmailDomain.get(domain);
    },
    mailbox(tenant, stackMailboxFile) {
      const others = (mail: LocalMail) => {
        const owner = byEmailDomain.get(emailDomainOf(mail.to) ?? '');
        return owner !== undefined && owner !== tenant;
      };
      const stacks = readRecords<LocalMail>(stackMailboxFile).filter((mail) => !others(mail));
      return [...readRecords<LocalMail>(tenant.mailboxFile), ...stacks].sort((a, b) => (a.sent < b.sent ? 1 : a.sent > b.sent ? -1 : 0));
    },
    bucketOf: (role) => currentTenant()?.buckets[role] ?? options.buckets[role],
  };
}

/** The tenant a request names (header first, then cookie), or undefined. */
export function requestedTenant(headers: Headers): string | undefined {
  const named = headers.get(TENANT_HEADER);
  if (named) return named;
  const cookie = headers.get('cookie') ?? '';
  return cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === TENANT_COOKIE)?.[1];
}

/** Every item of a table, four scan segments side by side. */
async function scanTable(dynamo: DynamoDBClient, table: string): Promise<Record<string, AttributeValue>[]> {
  const SEGMENTS = 4;
  const scanSegment = async (segment: number) => {
    const items: Record<string, AttributeValue>[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await dynamo.send(new ScanCommand({ TableName: table, Segment: segment, TotalSegments: SEGMENTS, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  };
  return (await Promise.all(Array.from({ length: SEGMENTS }, (_, segment) => scanSegment(segment)))).flat();
}

/** Writes `items` into `table`, 25 a batch, four batches in flight. */
async function putItems(dynamo: DynamoDBClient, table: string, items: Record<string, AttributeValue>[]): Promise<void> {
  const STREAMS = 4;
  let next = 0;
  const stream = async () => {
    while (next < items.length) {
      let requests = items.slice(next, (next += 25)).map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const answer = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
        requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: STREAMS }, stream));
}

/** Moves a tenant's user id counter on by `idOffset` (TENANT_ID_RANGE). */
async function moveIdCounter(dynamo: DynamoDBClient, table: string, idOffset: number): Promise<void> {
  await dynamo.send(
    new UpdateItemCommand({
      TableName: table,
      Key: { [dataTable.partitionKey]: { S: `counter#${ID_RANGED_KIND}` }, [dataTable.sortKey]: { S: 'counter' } },
      UpdateExpression: 'ADD #value :offset',
      ExpressionAttributeNames: { '#value': 'value' },
      ExpressionAttributeValues: { ':offset': { N: String(idOffset) } },
    }),
  );
}

/** Copies every object of one bucket into another (the seeded releases and IV curves a tenant starts from). */
async function copyBucket(s3: S3Client, from: string, to: string): Promise<void> {
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: from, ContinuationToken: token }));
    await Promise.all((page.Contents ?? []).map(({ Key }) => s3.send(new CopyObjectCommand({ Bucket: to, Key, CopySource: `${from}/${Key!}` }))));
    token = page.NextContinuationToken;
  } while (token);
}
