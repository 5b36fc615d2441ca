import {
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
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

/** A new account: the user pool's attributes of spec §3, by name. */
export interface SignUpInput {
  username: string;
  password: string;
  attributes: Record<string, string>;
}

/** Cognito SignUp; resolves whether the pool confirmed the user at once (then no code is needed). */
export async function signUp({ username, password, attributes }: SignUpInput): Promise<{ confirmed: boolean }> {
  const answer = await cognito().send(
    new SignUpCommand({
      ClientId: getConfig().userPoolClientId,
      Username: username,
      Password: password,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
  return { confirmed: answer.UserConfirmed === true };
}

/** Confirms a new account with the code mailed at sign-up. */
export async function confirmSignUp(username: string, code: string): Promise<void> {
  await cognito().send(
    new ConfirmSignUpCommand({ ClientId: getConfig().userPoolClientId, Username: username, ConfirmationCode: code }),
  );
}

/** Mails a new verification code; the previous one stops working. */
export async function resendConfirmationCode(username: string): Promise<void> {
  await cognito().send(new ResendConfirmationCodeCommand({ ClientId: getConfig().userPoolClientId, Username: username }));
}

/** Mails a password reset code. */
export async function forgotPassword(username: string): Promise<void> {
  await cognito().send(new ForgotPasswordCommand({ ClientId: getConfig().userPoolClientId, Username: username }));
}

/** Sets a new password with the mailed reset code. */
export async function confirmForgotPassword(username: string, code: string, password: string): Promise<void> {
  await cognito().send(
    new ConfirmForgotPasswordCommand({
      ClientId: getConfig().userPoolClientId,
      Username: username,
      ConfirmationCode: code,
      Password: password,
    }),
  );
}

/** Changes the signed-in user's password (authorized by the access token). */
export async function changePassword(accessToken: string, previous: string, proposed: string): Promise<void> {
  await cognito().send(
    new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: previous, ProposedPassword: proposed }),
  );
}
