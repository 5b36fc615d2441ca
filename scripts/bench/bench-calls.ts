import { spawn } from 'node:child_process';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { encodeMachine, type Machine } from '../../shared/licenses/seat';
import type { LocalStack } from '../local/stack';

/**
 * The calls the API bench and its profile make, on a bench's own stack: the demo customer signed in (their
 * access token and Cognito sub), a member of the demo organisation signed in, the bare route's read of the
 * demo customer's user record, and the two measured bodies: `get_user_profile` and the desktop app's hot
 * path, which on every start lists the licenses this machine may use.
 */
export async function benchCalls(stack: LocalStack, userRuntime: FunctionRuntime, connections = 10) {
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1' });
  /** A demo account's access token. */
  const accessTokenOf = async (username: string) =>
    (
      await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.resources.userPoolClientId,
          AuthParameters: { USERNAME: username, PASSWORD: stack.demoPassword },
        }),
      )
    ).AuthenticationResult!.AccessToken!;
  const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  const token = await accessTokenOf('demo');
  // The lab customer: a member of the demo organisation, whose app lists its pooled seats beside their own.
  const memberToken = await accessTokenOf('lab');
  const sub = subOf(token);
  // The functions' modules load once the stack has set their environment, as in the rest of the bench.
  const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
  const { UserEntity } = await import('../../functions/domain/users/user.entity');
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { TableName, Key } = runAs(userRuntime, () => UserEntity.build(GetItemCommand).key({ sub }).params());
  const machine = { fingerprint: 'bench-machine', hostname: 'bench', client_version: '3.5.0', os: 'linux' };
  // The fleet customer: the seat writes' licenses are theirs, so the demo's lists stay as measured before.
  const seatToken = await accessTokenOf('fleet');
  const seats = { seatToken, ...(await seatBodies(stack, seatToken, subOf(seatToken), machine, connections)) };
  return {
    ...seats,
    token,
    /** A member of an organisation with licenses (the demo organisation's admin). */
    memberToken,
    sub,
    /** The bare route's one GetItem. */
    userRead: { TableName, Key },
    profileBody: JSON.stringify({ cmd: 'get_user_profile', version: 2020, client: 'web' }),
    desktopBody: JSON.stringify({ cmd: 'get_licenses', payload: encodeMachine(machine), version: 2020, client: 'desktop' }),
  };
}

/** What one load of a URL measured. */
export interface LoadResult {
  rps: number;
  /** Requests answered in all. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** POSTs `body` to `url` with `connections` for `duration` seconds: autocannon in its own process, so the load generator does not share the servers' event loop. */
export function load(url: string, body: string | readonly string[], headers: Record<string, string>, { connections, duration }: { connections: number; duration: number }): Promise<LoadResult> {
  const args = ['autocannon', '-j', '-c', String(connections), '-d', String(duration), '-m', 'POST', '-b', String(body)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  // Several bodies: one per connection (load-spread.ts), with the same figures.
  const [command, commandArgs] =
    typeof body === 'string'
      ? ['npx', args]
      : [process.execPath, ['--import', 'tsx', 'scripts/bench/load-spread.ts', JSON.stringify({ url, headers, bodies: body, connections, duration })]];
  return new Promise((resolveLoad, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolveLoad({ rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}

/**
 * The seat protocol's writes, as the desktop app makes them while it runs: a license of its own (reserved
 * once here, so every measured call is the holder's reservation or renewal: the machine never changes) and
 * a floating license's seat borrowed again and again. Each is a write the app repeats, never a new machine
 * (the machine budget would end that loop, by design).
 */
async function seatBodies(stack: LocalStack, token: string, sub: string, machine: Machine, connections: number) {
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { unitRuntime } = await import('../local/units');
  const { findUserBySub } = await import('../../functions/domain/users/users.repository');
  const { createLicense } = await import('../../functions/domain/licenses/licenses.repository');
  const lic = unitRuntime({ endpoint: 'lic' }, stack.functionEnv);
  // One license of its own per connection (a machine each), and one floating license whose seats they share.
  const { own, floating } = await runAs(lic, async () => {
    const demo = (await findUserBySub(sub))!;
    const fields = { user_id: demo.id, valid_from: '2026-01-01', valid_to: '2099-12-31' } as const;
    const mine = [];
    for (let n = 0; n < connections; n++) mine.push(await createLicense({ ...fields, license_type_id: 'Pro' }));
    return { own: mine, floating: await createLicense({ ...fields, license_type_id: 'Enterprise', seats: connections }) };
  });
  const machines = own.map((_, n) => encodeMachine({ ...machine, fingerprint: `bench-machine-${n}`, hostname: `bench-${n}` }));
  const body = (params: Record<string, unknown>) => JSON.stringify({ cmd: 'reserve_license', version: 2020, client: 'desktop', ...params });
  const reserveBodies = own.map((license, n) => body({ license_id: license.id, payload: machines[n] }));
  const borrowBodies = machines.map((payload) => body({ license_id: floating.id, payload, borrow_days: 7 }));
  for (const first of [...reserveBodies, ...borrowBodies]) {
    const answer = await fetch(`${stack.baseUrl}/api/lic/5`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: first });
    if (!answer.ok) throw new Error(`The bench's first reservation was refused: ${await answer.text()}`);
  }
  return {
    reserveBodies,
    renewBodies: own.map((license, n) => body({ license_id: license.id, payload: machines[n], renew: true })),
    borrowBodies,
  };
}
