import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminGetUserCommand, CognitoIdentityProviderClient, InitiateAuthCommand, SignUpCommand, AdminConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '../../scripts/local/stack';
import { API_CLIENT, API_VERSION } from '../../shared/api';

/**
 * The local stand-in for EventBridge: a stack of its own, in this worker, with the job timer set short,
 * carries out a deletion request without anyone running the job by hand.
 */
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-timer-'));
  stack = await startLocalStack({ dataDir, jobIntervalMinutes: 0.01, demoVolume: false });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the local job timer', () => {
  it('runs the account-deletion job on its own', async () => {
    const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: stack.endpoints.cognito });
    const ClientId = stack.resources.userPoolClientId;
    const username = `timer${Date.now().toString(36)}`;
    await cognito.send(
      new SignUpCommand({
        ClientId,
        Username: username,
        Password: 'Passw0rdX',
        UserAttributes: [
          { Name: 'email', Value: `${username}@example.com` },
          { Name: 'name', Value: 'Timer' },
          { Name: 'family_name', Value: 'Tester' },
        ],
      }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: stack.resources.userPoolId, Username: username }));
    const auth = await cognito.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: username, PASSWORD: 'Passw0rdX' } }),
    );
    const response = await fetch(`${stack.baseUrl}/api/user`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth.AuthenticationResult!.AccessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cmd: 'delete_user_account', version: API_VERSION, client: API_CLIENT }),
    });
    expect(response.status).toBe(200);

    const gone = async () =>
      cognito.send(new AdminGetUserCommand({ UserPoolId: stack.resources.userPoolId, Username: username })).then(
        () => false,
        (error: Error) => error.name === 'UserNotFoundException',
      );
    const deadline = Date.now() + 15_000;
    while (!(await gone())) {
      if (Date.now() > deadline) throw new Error('the timer did not delete the account within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
});
