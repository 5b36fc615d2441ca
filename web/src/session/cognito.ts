import {
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { getConfig } from '../config';
import type { AuthResultTokens } from './tokens';

/**
 * The identity provider calls the SPA makes on a public app client: USER_PASSWORD_AUTH (with the
 * authenticator step for an account that has one), REFRESH_TOKEN_AUTH, the account's own calls with
 * its access token (password, authenticator). This module pulls in the AWS SDK, so it is only ever loaded with import(): the
 * sign-in page's first paint does not wait for it.
 */

let client: CognitoIdentityProviderClient | undefined;
const IDENTITY_PROVIDER_TIMEOUT_MS = 5_000;

function cognito(): CognitoIdentityProviderClient {
  if (!client) {
    const config = getConfig();
    // The public-client operations are unsigned (smithy noAuth), so no credentials are configured. An
    // answer that has not come in 5 s fails (TimeoutError), so a stalled service never leaves a form waiting.
    client = new CognitoIdentityProviderClient({
      region: config.region,
      ...(config.cognitoEndpoint ? { endpoint: config.cognitoEndpoint } : {}),
      maxAttempts: 1,
      requestHandler: { requestTimeout: IDENTITY_PROVIDER_TIMEOUT_MS },
    });
  }
  return client;
}

/** A sign-in answered with a challenge the portal has no screen for (a new password, SMS …). */
export class UnsupportedChallengeError extends Error {
  override readonly name = 'UnsupportedChallengeError';
  constructor(challenge: string) {
    super(`Sign-in needs a step this portal does not support (${challenge})`);
  }
}

/** The second step of a sign-in with an authenticator: the session Cognito issued, for three minutes. */
export interface AuthenticatorChallenge {
  session: string;
  /** The username Cognito answers the challenge for (its own spelling of the account). */
  username: string;
}

/** A password sign-in ends with tokens, or asks for the authenticator's code. */
export type PasswordSignIn = { tokens: AuthResultTokens } | { challenge: AuthenticatorChallenge };

/** The authenticator (TOTP) second factor, the only one the pool offers. */
const SOFTWARE_TOKEN_MFA = 'SOFTWARE_TOKEN_MFA';

function tokensOf(answer: Pick<InitiateAuthCommandOutput, 'ChallengeName' | 'AuthenticationResult'>): AuthResultTokens {
  if (answer.ChallengeName) throw new UnsupportedChallengeError(answer.ChallengeName);
  if (!answer.AuthenticationResult) throw new Error('The identity provider answered without tokens');
  return answer.AuthenticationResult;
}

/** Signs in with username and password; rejects with the provider's error (name and message). */
export async function signInWithPassword(username: string, password: string): Promise<PasswordSignIn> {
  const answer = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: getConfig().userPoolClientId,
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );
  if (answer.ChallengeName === SOFTWARE_TOKEN_MFA && answer.Session) {
    return { challenge: { session: answer.Session, username: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? username } };
  }
  return { tokens: tokensOf(answer) };
}

/** Answers the authenticator step of a sign-in with the code the app shows now. */
export async function answerAuthenticatorChallenge(challenge: AuthenticatorChallenge, code: string): Promise<AuthResultTokens> {
  const answer = await cognito().send(
    new RespondToAuthChallengeCommand({
      ClientId: getConfig().userPoolClientId,
      ChallengeName: SOFTWARE_TOKEN_MFA,
      Session: challenge.session,
      ChallengeResponses: { USERNAME: challenge.username, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );
  return tokensOf(answer);
}

/** New access and id tokens for a refresh token. */
export async function refreshTokens(refreshToken: string): Promise<AuthResultTokens> {
  const answer = await cognito().send(
    new InitiateAuthCommand({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: getConfig().userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  return tokensOf(answer);
}

/** Whether the signed-in user signs in with an authenticator. */
export async function hasAuthenticator(accessToken: string): Promise<boolean> {
  const user = await cognito().send(new GetUserCommand({ AccessToken: accessToken }));
  return user.UserMFASettingList?.includes(SOFTWARE_TOKEN_MFA) ?? false;
}

/** Starts adding an authenticator: Cognito's new secret (base32) for the app to store. */
export async function startAuthenticatorSetup(accessToken: string): Promise<string> {
  const { SecretCode } = await cognito().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('The identity provider answered without a secret');
  return SecretCode;
}

/** Checks a first code from the new authenticator and makes it the sign-in's second step from now on. */
export async function finishAuthenticatorSetup(accessToken: string, code: string): Promise<void> {
  const { Status } = await cognito().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code }));
  if (Status && Status !== 'SUCCESS') throw Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' });
  await cognito().send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
}

/** Signs in with the password alone again. */
export async function turnOffAuthenticator(accessToken: string): Promise<void> {
  await cognito().send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
  );
}

/** Revokes the refresh token (and the access tokens issued from it) at sign-out. */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  await cognito().send(new RevokeTokenCommand({ ClientId: getConfig().userPoolClientId, Token: refreshToken }));
}

/** A new account: the user pool's attributes (names, company, terms and newsletter consent), by name. */
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
