import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../config';
import type { AuthResultTokens } from './tokens';

/**
 * The identity provider calls the SPA makes (design §1: USER_PASSWORD_AUTH and REFRESH_TOKEN_AUTH on a
 * public app client). This module pulls in the AWS SDK, so it is only ever loaded with import(): the
 * sign-in page's first paint does not wait for it.
 */

let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const config = getConfig();
    // The public-client operations are unsigned (smithy noAuth), so no credentials are configured.
    client = new CognitoIdentityProviderClient({
      region: config.region,
      ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint } : {}),
      maxAttempts: 1,
    });
  }
  return client;
}

/** A sign-in answered with a challenge (new password, MFA …): the portal has no screen for those (spec §4). */
export class UnsupportedChallengeError extends Error {
  override readonly name = 'UnsupportedChallengeError';
  constructor(challenge: string) {
    super(`Sign-in needs a step this portal does not support (${challenge})`);
  }
}

async function initiateAuth(
  authFlow: 'USER_PASSWORD_AUTH' | 'REFRESH_TOKEN_AUTH',
  params: Record<string, string>,
): Promise<AuthResultTokens> {
  const answer = await cognito().send(
    new InitiateAuthCommand({ AuthFlow: authFlow, ClientId: getConfig().userPoolClientId, AuthParameters: params }),
  );
  if (answer.ChallengeName) throw new UnsupportedChallengeError(answer.ChallengeName);
  if (!answer.AuthenticationResult) throw new Error('The identity provider answered without tokens');
  return answer.AuthenticationResult;
}

/** Signs in with username and password; rejects with the provider's error (name and message). */
export const signInWithPassword = (username: string, password: string): Promise<AuthResultTokens> =>
  initiateAuth('USER_PASSWORD_AUTH', { USERNAME: username, PASSWORD: password });

/** New access and id tokens for a refresh token. */
export const refreshTokens = (refreshToken: string): Promise<AuthResultTokens> =>
  initiateAuth('REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: refreshToken });

/** Revokes the refresh token (and the access tokens issued from it) at sign-out. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await cognito().send(new RevokeTokenCommand({ ClientId: getConfig().userPoolClientId, Token: refreshToken }));
}
