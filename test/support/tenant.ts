import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, inject } from 'vitest';
import type { BucketRole } from '../../infra/definitions';
import { cognito } from '../../functions/lib/cognito';
import { DEMO_VOLUME_MARKER, emailDomainOf } from '../../scripts/local/tenant-names';
import { tenantState } from './tenant-state';

/**
 * Setup file of the stack tier: this test file works in a tenant of its own on the shared test stack
 * (scripts/local/tenants.ts), so it runs beside every other stack file without seeing their writes,
 * files, edge clock or job runs. The tenant is named after the file (`integration/users-list` is
 * `integration-users-list`) and made by the stack on first use, from the stack's seeded demo data (without
 * the demo's volume unless the file has the line DEMO_VOLUME_MARKER names). Here:
 * - the file's view of the stack (`inject('localStack')`: its table, buckets and the units' environment,
 *   which jobs and units run in this process read) names the tenant's table, buckets, mailbox and
 *   newsletter files;
 * - every request of this process (and of the processes it starts) to the portal carries the tenant's
 *   header (test/support/tenant-fetch.mjs), and a browser context the tenant's cookie (browser.ts);
 * - a user made by the tests has an address at the tenant's email domain (`t{n}.example`: api.ts), which is
 *   how the stack runs Cognito's triggers for that user in the tenant. The user pool is the stack's one
 *   (users are unique per file), so a job run here that lists the pool (the purge of unconfirmed
 *   sign-ups) sees the tenant's users only, as it would see a deployment's.
 */
const fileTenant = (path: string) => `${basename(dirname(path))}-${basename(path, '.test.ts')}`.toLowerCase().slice(0, 32);

const shared = tenantState();

const testPath = expect.getState().testPath ?? 'unknown';
const tenant = fileTenant(testPath);
const baseUrl = inject('baseUrl');
const localStack = inject('localStack');
// The demo's volume only for a file that says it reads it (DEMO_VOLUME_MARKER).
const demoVolume = DEMO_VOLUME_MARKER.test(readFileSync(testPath, 'utf8'));

const answer = await fetch(`${baseUrl}/local/tenants/${tenant}${demoVolume ? '?demo=volume' : ''}`, { method: 'POST' });
if (!answer.ok) throw new Error(`The test stack made no tenant ${tenant}: ${answer.status} ${await answer.text()}`);
const made = (await answer.json()) as { tableName: string; buckets: Record<BucketRole, string>; env: Record<string, string>; emailDomain: string };

shared.baseEnv ??= { ...localStack.functionEnv };
localStack.resources.tableName = made.tableName;
localStack.resources.buckets = made.buckets;
localStack.functionEnv = { ...shared.baseEnv, ...made.env };
shared.tenant = tenant;
shared.emailDomain = made.emailDomain;

if (!shared.poolFiltered) {
  shared.poolFiltered = true;
  const { client } = await cognito();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (context.commandName !== 'ListUsersCommand' || !shared.tenant) return answer;
      const output = answer.output as { Users?: { Attributes?: { Name?: string; Value?: string }[] }[] };
      output.Users = output.Users?.filter((user) => emailDomainOf(user.Attributes?.find((a) => a.Name === 'email')?.Value) === shared.emailDomain);
      return answer;
    },
    { step: 'initialize', name: 'portalTestTenantUsers' },
  );
}

// This process's requests to the portal, and those of the processes it starts, name the tenant.
process.env.PORTAL_TEST_URL = baseUrl;
process.env.PORTAL_TEST_TENANT = tenant;
const tenantFetch = resolve('test/support/tenant-fetch.mjs');
if (!process.env.NODE_OPTIONS?.includes(tenantFetch)) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${tenantFetch}`.trim();
await import(pathToFileURL(tenantFetch).href);
