import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { signIn } from '../client/protocol';

/** An organisation at the scale a large customer reaches: its members and its licenses. */
export const ORGANISATION_SCALE = { members: 1_000, licenses: 500 } as const;
/** Warm calls per screen measured (after one first call each). */
const CALLS = 40;

/**
 * The organisation screens at scale: the demo admin's new organisation with ORGANISATION_SCALE members and
 * licenses (a quarter of them held, a fifth assigned), written as the portal writes them (each member's
 * join and each license its own transaction), then each screen's cmd called warm: the seats screen's first
 * and last page and a search, and the organisation with its members.
 */
export async function measureOrganisationAtScale(stack: { baseUrl: string; functionEnv: Record<string, string>; demoPassword: string; demoAdminTotpSecret?: string }) {
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { withCall } = await import('../../functions/lib/call-context');
  const { createUser } = await import('../../functions/domain/users/users.repository');
  const { createOrganisation, addMembership } = await import('../../functions/domain/organisations/organisations.repository');
  const { createLicense } = await import('../../functions/domain/licenses/licenses.repository');
  const seeder: FunctionRuntime = {
    name: 'seed',
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'] },
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
  const owner = (await call('user', 'get_user_profile', {})).data as { id: number };
  const organisationId = await runAs(seeder, async () => withCall({ endpoint: 'user', request_id: 'bench-organisation', actor_user_id: owner.id }, async () => {
      let organisation = await createOrganisation('Bench scale lab', owner.id);
      const now = new Date().toISOString();
      const members: number[] = [];
      for (let n = 1; n < ORGANISATION_SCALE.members; n++) {
        const user = await createUser({ sub: `bench-member-${n}`, username: `bench-member-${n}`, email: `bench-member-${n}@example.com`, first_name: 'Member', last_name: `No. ${n}` });
        members.push(user.id);
        organisation = await addMembership(organisation, { organisation_id: organisation.id, user_id: user.id, role: n % 50 === 0 ? 'admin' : 'member', created: now, updated: now });
      }
      const today = new Date();
      for (let n = 0; n < ORGANISATION_SCALE.licenses; n++) {
        const member = members[(n * 7) % members.length]!;
        await createLicense({
          user_id: owner.id,
          organisation_id: organisation.id,
          license_type_id: n % 3 === 0 ? 'Pro' : 'Automation',
          valid_from: today.toISOString().slice(0, 10),
          valid_to: new Date(today.getTime() + 365 * 86_400_000).toISOString().slice(0, 10),
          ...(n % 5 === 0 ? { assigned_to: member } : {}),
          ...(n % 4 === 0 ? { reservation: { reserved_to: member, fingerprint: `bench-${n}`, hostname: `bench-host-${n}` } } : {}),
        });
      }
      return organisation.id;
    }),
  );
  const timed = async (endpoint: string, cmd: string, params: Record<string, unknown>) => (await call(endpoint, cmd, { organisation_id: organisationId, ...params })).ms;
  const lastPage = Math.ceil(ORGANISATION_SCALE.licenses / 20);
  const screens = {
    'seats, first page': () => timed('lic/5', 'get_organisation_licenses', {}),
    [`seats, page ${lastPage}`]: () => timed('lic/5', 'get_organisation_licenses', { page: lastPage }),
    'seats, searched by a name': () => timed('lic/5', 'get_organisation_licenses', { search: 'No. 42' }),
    'the organisation with its members': () => timed('user', 'get_organisation', {}),
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
