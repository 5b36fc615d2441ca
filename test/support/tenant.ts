import { basename, dirname } from 'node:path';
import { expect, inject } from 'vitest';
import { bucketRoles, buckets, type BucketRole } from '../../infra/definitions';
import { cognito } from '../../functions/lib/cognito';
import { TENANT_HEADER, tenantOfEmail } from '../../scripts/local/tenant-names';
import { ENV } from '../../shared/runtime';
import { tenantState } from './tenant-state';

/**
 * Setup file of the stack tier: this test file works in a tenant of its own on the shared test stack
 * (scripts/local/tenants.ts), so it runs beside every other stack file without seeing their writes,
 * files, edge clock or job runs. The tenant is named after the file (`integration/users-list` is
 * `integration-users-list`) and made by the stack on first use, from the stack's seeded demo data. Here:
 * - the file's view of the stack (`inject('localStack')`: its table, buckets and the units' environment,
 *   which jobs and units run in this process read) names the tenant's table and buckets;
 * - every request of this process to the portal carries the tenant's header, and a browser context the
 *   tenant's cookie (test/support/browser.ts);
 * - a user made by the tests has an address at the tenant's email domain (test/support/api.ts), which is
 *   how the stack runs Cognito's triggers for that user in the tenant. The user pool is the stack's one
 *   (users are unique per file), so a job run here that lists the pool (the purge of unconfirmed
 *   sign-ups) sees the tenant's users only, as it would see a deployment's.
 */
const fileTenant = (path: string) => `${basename(dirname(path))}-${basename(path, '.test.ts')}`.toLowerCase().slice(0, 32);

const shared = tenantState();

const tenant = fileTenant(expect.getState().testPath ?? 'unknown');
const baseUrl = inject('baseUrl');
const localStack = inject('localStack');

const answer = await fetch(`${baseUrl}/local/tenants/${tenant}`, { method: 'POST' });
if (!answer.ok) throw new Error(`The test stack made no tenant ${tenant}: ${answer.status} ${await answer.text()}`);
const made = (await answer.json()) as { tableName: string; buckets: Record<BucketRole, string> };

shared.baseEnv ??= { ...localStack.functionEnv };
localStack.resources.tableName = made.tableName;
localStack.resources.buckets = made.buckets;
localStack.functionEnv = {
  ...shared.baseEnv,
  [ENV.tableName]: made.tableName,
  ...Object.fromEntries(bucketRoles.map((role) => [buckets[role].env, made.buckets[role]])),
};
shared.tenant = tenant;

if (!shared.poolFiltered) {
  shared.poolFiltered = true;
  const { client } = await cognito();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const answer = await next(args);
      if (context.commandName !== 'ListUsersCommand' || !shared.tenant) return answer;
      const output = answer.output as { Users?: { Attributes?: { Name?: string; Value?: string }[] }[] };
      output.Users = output.Users?.filter((user) => tenantOfEmail(user.Attributes?.find((a) => a.Name === 'email')?.Value) === shared.tenant);
      return answer;
    },
    { step: 'deserialize', name: 'portalTestTenantUsers' },
  );
}

if (!shared.fetchPatched) {
  shared.fetchPatched = true;
  const fetchOfNode = globalThis.fetch;
  // The portal's requests only: the emulators and other sites get what the test sent.
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!shared.tenant || !url.startsWith(`${baseUrl}/`)) return fetchOfNode(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (!headers.has(TENANT_HEADER)) headers.set(TENANT_HEADER, shared.tenant);
    return fetchOfNode(input, { ...init, headers });
  };
}
