import { spawn } from 'node:child_process';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { encodeMachine } from '../../shared/licenses/seat';
import type { LocalStack } from '../local/stack';

/**
 * The calls the API bench and its profile make, on a bench's own stack: the demo customer signed in (their
 * access token and Cognito sub), a member of the demo organisation signed in, the bare route's read of the
 * demo customer's user record, and the two measured bodies: `get_user_profile` and the desktop app's hot
 * path, which on every start lists the licenses this machine may use.
 */
export async function benchCalls(stack: LocalStack, userRuntime: FunctionRuntime) {
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1' });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.resources.userPoolClientId,
      AuthParameters: { USERNAME: 'demo', PASSWORD: stack.demoPassword },
    }),
  );
  const token = auth.AuthenticationResult!.AccessToken!;
  // The lab customer: a member of the demo organisation, whose app lists its pooled seats beside their own.
  const member = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.resources.userPoolClientId,
      AuthParameters: { USERNAME: 'lab', PASSWORD: stack.demoPassword },
    }),
  );
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  // The functions' modules load once the stack has set their environment, as in the rest of the bench.
  const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
  const { UserEntity } = await import('../../functions/domain/users/user.entity');
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { TableName, Key } = runAs(userRuntime, () => UserEntity.build(GetItemCommand).key({ sub }).params());
  const machine = { fingerprint: 'bench-machine', hostname: 'bench', client_version: '3.5.0', os: 'linux' };
  return {
    token,
    /** A member of an organisation with licenses (the demo organisation's admin). */
    memberToken: member.AuthenticationResult!.AccessToken!,
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
export function load(url: string, body: string, headers: Record<string, string>, { connections, duration }: { connections: number; duration: number }): Promise<LoadResult> {
  const args = ['autocannon', '-j', '-c', String(connections), '-d', String(duration), '-m', 'POST', '-b', body];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolveLoad, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolveLoad({ rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx });
    });
  });
}
