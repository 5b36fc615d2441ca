import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { BatchPutRequest } from 'dynamodb-toolbox/entity/actions/batchPut';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { BatchWriteCommand, execute } from 'dynamodb-toolbox/table/actions/batchWrite';
import { signIn } from '../client/protocol';

/** An organisation at the scale a large customer reaches: its members and its licenses. */
export const ORGANISATION_SCALE = { members: 1_000, licenses: 500 } as const;
/** Warm calls per screen measured (after one first call each). */
const CALLS = 40;

/**
 * The organisation screens at scale: the demo admin's new organisation with ORGANISATION_SCALE members and
 * licenses (a quarter of them held, a fifth assigned), loaded in bulk (the records and the copies the
 * screens read), then each screen's cmd called warm: the seats screen's first
 * and last page and a search, and the organisation with its members.
 */
export async function measureOrganisationAtScale(stack: { baseUrl: string; functionEnv: Record<string, string>; demoPassword: string; demoAdminTotpSecret?: string }) {
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { withCall } = await import('../../functions/lib/call-context');
  const { reserveIds } = await import('../../functions/lib/db/counters');
  const { portalTable } = await import('../../functions/lib/db/table');
  const { UserEntity } = await import('../../functions/domain/users/user.entity');
  const { createOrganisation, newMembership } = await import('../../functions/domain/organisations/organisations.repository');
  const { MembershipEntity } = await import('../../functions/domain/organisations/membership.kind');
  const { readDirectory, writeDirectory } = await import('../../functions/domain/organisations/organisation-directory');
  const { OrganisationEntity } = await import('../../functions/domain/organisations/organisation.kind');
  const { LicenseEntity } = await import('../../functions/domain/licenses/license.entity');
  const { LicenseViewEntity } = await import('../../functions/domain/licenses/license-view.entity');
  const { MemberLicensesMarkEntity, OrganisationLicenseViewEntity } = await import('../../functions/domain/licenses/organisation-views.entity');
  const seeder: FunctionRuntime = {
    name: 'seed',
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem', 'BatchWriteItem'] },
    env: stack.functionEnv,
  };
  console.log(`An organisation of ${ORGANISATION_SCALE.members} members and ${ORGANISATION_SCALE.licenses} licenses …`);
  const { accessToken } = await signIn(stack.baseUrl, 'admin', stack.demoPassword, stack.demoAdminTotpSecret);
  const call = async (endpoint: string, cmd: string, params: Record<string, unknown>) => {
    const started = performance.now();
    const response = await fetch(`${stack.baseUrl}/api/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ cmd, version: 2020, client: 'web', ...params }),
    });
    const body = (await response.json()) as { status: string; data: unknown };
    if (body.status !== 'ok') throw new Error(`${cmd} answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, data: body.data };
  };
  const owner = (await call('user', 'get_user_profile', {})).data as { id: number; first_name: string; last_name: string };
  // A bulk load, as the scale seed writes one (the records and their copies; no list rows or counters).
  const organisationId = await runAs(seeder, async () => {
    const organisation = await withCall({ endpoint: 'user', request_id: 'bench-organisation', actor_user_id: owner.id }, () => createOrganisation('Bench scale lab', owner));
    const now = new Date();
    const stamp = now.toISOString();
    const items: { build: () => unknown }[] = [];
    const firstUser = await reserveIds('user', ORGANISATION_SCALE.members - 1);
    const members: number[] = [];
    const directory = readDirectory(organisation.directory!);
    for (let n = 0; n < ORGANISATION_SCALE.members - 1; n++) {
      const person = { id: firstUser + n, first_name: 'Member', last_name: `No. ${n + 1}`, sub: `bench-member-${firstUser + n}` };
      members.push(person.id);
      const membership = newMembership(organisation.id, person, n % 50 === 0 ? 'admin' : 'member', now);
      directory.push(membership);
      const user = { username: `bench-member-${person.id}`, email: `bench-member-${person.id}@example.com`, ...person, created: stamp, updated: stamp, version: 0 };
      items.push(
        { build: () => UserEntity.build(BatchPutRequest).item(user) },
        { build: () => MembershipEntity.build(BatchPutRequest).item(membership) },
        { build: () => MemberLicensesMarkEntity.build(BatchPutRequest).item({ user_id: person.id, organisation_id: organisation.id }) },
      );
    }
    const firstLicense = await reserveIds('license', ORGANISATION_SCALE.licenses);
    const today = stamp.slice(0, 10);
    for (let n = 0; n < ORGANISATION_SCALE.licenses; n++) {
      const member = members[(n * 7) % members.length]!;
      const license = {
        id: firstLicense + n,
        user_id: owner.id,
        organisation_id: organisation.id,
        license_type_id: n % 3 === 0 ? ('Pro' as const) : ('Automation' as const),
        license_usage_id: 1,
        enabled: true,
        valid_from: today,
        valid_to: new Date(now.getTime() + 365 * 86_400_000).toISOString().slice(0, 10),
        addons: [],
        shared_count: 0,
        shared_users: [],
        version: 0,
        ...(n % 5 === 0 ? { assigned_to: member } : {}),
        ...(n % 4 === 0 ? { reserved_to: member, fingerprint: `bench-${n}`, hostname: `bench-host-${n}`, reserved_since: stamp } : {}),
        created: stamp,
        updated: stamp,
      };
      const copy = JSON.stringify(license);
      items.push(
        { build: () => LicenseEntity.build(BatchPutRequest).item(license) },
        { build: () => OrganisationLicenseViewEntity.build(BatchPutRequest).item({ organisation_id: organisation.id, license_id: license.id, license: copy }) },
        { build: () => LicenseViewEntity.build(BatchPutRequest).item({ user_id: owner.id, license_id: license.id, license: copy }) },
      );
    }
    for (let i = 0; i < items.length; i += 25 * 8) {
      await Promise.all(
        Array.from({ length: 8 }, (_, k) => items.slice(i + k * 25, i + (k + 1) * 25)).filter((batch) => batch.length).map((batch) =>
          execute({ maxAttempts: 10 }, portalTable.build(BatchWriteCommand).requests(...(batch.map((entry) => entry.build()) as [BatchPutRequest]))),
        ),
      );
    }
    await OrganisationEntity.build(PutItemCommand).item({ ...organisation, members: ORGANISATION_SCALE.members, directory: writeDirectory(directory) }).send();
    return organisation.id;
  });
  const timed = async (endpoint: string, cmd: string, params: Record<string, unknown>) => (await call(endpoint, cmd, { organisation_id: organisationId, ...params })).ms;
  const lastPage = Math.ceil(ORGANISATION_SCALE.licenses / 20);
  const screens = {
    'seats, first page': () => timed('lic/5', 'get_organisation_licenses', {}),
    [`seats, page ${lastPage}`]: () => timed('lic/5', 'get_organisation_licenses', { page: lastPage }),
    'seats, searched by a name': () => timed('lic/5', 'get_organisation_licenses', { search: 'No. 42' }),
    'members, first page': () => timed('user', 'get_organisation', { page: 1 }),
    'members, searched by a name': () => timed('user', 'get_organisation', { page: 1, search: 'No. 42' }),
  };
  const measured: { screen: string; firstMs: number; p50Ms: number; p99Ms: number }[] = [];
  for (const [screen, once] of Object.entries(screens)) {
    const firstMs = await once();
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) times.push(await once());
    times.sort((a, b) => a - b);
    measured.push({ screen, firstMs, p50Ms: times[Math.floor(times.length / 2)]!, p99Ms: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]! });
  }
  return { ...ORGANISATION_SCALE, calls: CALLS, screens: measured };
}
