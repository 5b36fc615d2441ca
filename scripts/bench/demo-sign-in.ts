import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { LocalStack } from '../local/stack';

/** The demo customer signed in on a bench's own stack: their access token and Cognito sub. */
export async function signInDemo(stack: LocalStack): Promise<{ token: string; sub: string }> {
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
  return { token, sub };
}
