import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { FunctionRuntime } from '../../functions/lib/runtime-env';
import { encodeMachine } from '../../shared/licenses/seat';
import type { LocalStack } from '../local/stack';

/**
 * The calls the API bench and its profile make, on a bench's own stack: the demo customer signed in (their
 * access token and Cognito sub), the bare route's read of their user record, and the two measured bodies:
 * `get_user_profile` and the desktop app's hot path, which on every start lists the licenses this machine
 * may use.
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
  const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
  // The functions' modules load once the stack has set their environment, as in the rest of the bench.
  const { GetItemCommand } = await import('dynamodb-toolbox/entity/actions/get');
  const { UserEntity } = await import('../../functions/domain/users/user.entity');
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { TableName, Key } = runAs(userRuntime, () => UserEntity.build(GetItemCommand).key({ sub }).params());
  const machine = { fingerprint: 'bench-machine', hostname: 'bench', client_version: '3.5.0', os: 'linux' };
  return {
    token,
    sub,
    /** The bare route's one GetItem. */
    userRead: { TableName, Key },
    profileBody: JSON.stringify({ cmd: 'get_user_profile', version: 2020, client: 'web' }),
    desktopBody: JSON.stringify({ cmd: 'get_licenses', payload: encodeMachine(machine), version: 2020, client: 'desktop' }),
  };
}
