import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  SignUpCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { inject } from 'vitest';
import { runAs } from '../../functions/lib/runtime-env';
import { unitRuntime, type UnitRef } from '../../scripts/local/units';
import { API_CLIENT, API_VERSION } from '../../shared/api';
import { ADMIN_GROUP } from '../../shared/runtime';
import { testEmailDomain } from './tenant-state';

/** Helpers for tests that talk to the local stack over the wire, as the SPA and desktop client do. */
export function stackContext() {
  const localStack = inject('localStack');
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: localStack.endpoints.cognito,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return { baseUrl: inject('baseUrl'), demoPassword: inject('demoPassword'), demoAdminTotpSecret: inject('demoAdminTotpSecret'), localStack, cognito };
}

/**
 * Signs in as the SPA and the desktop client do: password first, then, for a user with an authenticator,
 * the current code from `totpSecret`.
 */
export async function signIn(
  username: string,
  password: string,
  totpSecret?: string,
): Promise<{ accessToken: string; idToken: string; refreshToken: string }> {
  const { cognito, localStack } = stackContext();
  const ClientId = localStack.resources.userPoolClientId;
  let answer = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }),
  );
  if (answer.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!totpSecret) throw new Error(`${username} has an authenticator: pass its secret`);
    answer = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: answer.Session,
        ChallengeResponses: { USERNAME: answer.ChallengeParameters?.USER_ID_FOR_SRP ?? username, SOFTWARE_TOKEN_MFA_CODE: totpCode(totpSecret) },
      }),
    );
  }
  const tokens = answer.AuthenticationResult;
  if (!tokens?.AccessToken || !tokens.IdToken || !tokens.RefreshToken) throw new Error(`No tokens for ${username}`);
  return { accessToken: tokens.AccessToken, idToken: tokens.IdToken, refreshToken: tokens.RefreshToken };
}

/** What an authenticator app shows now for `secret`. */
export const totpCode = (secret: string): string => generateSync({ secret });

/** Sets up an authenticator for the signed-in user through Cognito's own calls, as the SPA does; returns its secret. */
export async function setUpAuthenticator(accessToken: string): Promise<string> {
  const { cognito } = stackContext();
  const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
  if (!SecretCode) throw new Error('No authenticator secret');
  await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: totpCode(SecretCode) }));
  await cognito.send(
    new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }),
  );
  return SecretCode;
}

let counter = 0;
/** A username and email no other test uses. */
export function uniqueIdentity(prefix = 'user') {
  const username = `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
  // At the tenant's domain in the stack tier: Cognito's triggers for this user run in the file's tenant.
  return { username, email: `${username}@${testEmailDomain()}` };
}

/** Cognito SignUp with the attributes the SPA's register screen sends (infra/definitions.ts userPoolAttributes). */
export function signUp(
  account: { username: string; email: string; password?: string },
  attributes: { first_name?: string; last_name?: string; company?: string; marketing?: boolean } = {},
) {
  const { cognito, localStack } = stackContext();
  return cognito.send(
    new SignUpCommand({
      ClientId: localStack.resources.userPoolClientId,
      Username: account.username,
      Password: account.password ?? 'Passw0rdX',
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'name', Value: attributes.first_name ?? 'Test' },
        { Name: 'family_name', Value: attributes.last_name ?? 'User' },
        { Name: 'custom:company', Value: attributes.company ?? 'Test Co' },
        { Name: 'custom:admin_terms_accepted', Value: '1' },
        { Name: 'custom:accepted_marketing', Value: attributes.marketing ? '1' : '0' },
      ],
    }),
  );
}

/** A unique, confirmed user made through the real sign-up path (pre-signup trigger included). */
export async function createConfirmedUser(password = 'Passw0rdX') {
  const { cognito, localStack } = stackContext();
  const { username, email } = uniqueIdentity();
  await signUp({ username, email, password });
  const UserPoolId = localStack.resources.userPoolId;
  // cognito-local saves a pool's users as one file, so a write racing another file's may be lost: the
  // account is read back until it is confirmed with its address verified, as Cognito itself leaves it.
  for (let attempt = 1; ; attempt++) {
    const { UserStatus } = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
    if (UserStatus === 'UNCONFIRMED') await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId, Username: username }));
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId,
        Username: username,
        // cognito-local wants the address beside its flag; Cognito accepts both.
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username: username }));
    const verified = user.UserAttributes?.some((attribute) => attribute.Name === 'email_verified' && attribute.Value === 'true');
    if ((user.UserStatus === 'CONFIRMED' && verified) || attempt >= 3) break;
  }
  return { username, email, password, ...(await signIn(username, password)) };
}

/** POST /api/{endpoint} with the SPA's body shape; returns the HTTP status and the parsed envelope. */
export async function callApi(
  endpoint: string,
  body: Record<string, unknown> | string,
  token?: string,
): Promise<{ status: number; body: { status: string; data?: unknown; message?: string } }> {
  const { baseUrl } = stackContext();
  const payload = typeof body === 'string' ? body : JSON.stringify({ version: API_VERSION, client: API_CLIENT, ...body });
  const response = await fetch(`${baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}

/** A file to send in a multipart form: its name and content. */
export interface FormFile {
  name: string;
  content: string | Uint8Array<ArrayBuffer>;
}
const isFormFile = (value: unknown): value is FormFile => typeof value === 'object' && value !== null && 'name' in value && 'content' in value;

/**
 * POST /api/{endpoint} as the SPA uploads: a multipart form of cmd, version, client, the params
 * as text fields and each FormFile as a file part. Returns the HTTP status and the parsed envelope.
 */
export async function uploadApi(
  endpoint: string,
  fields: Record<string, string | number | boolean | FormFile>,
  token?: string,
): Promise<{ status: number; body: { status: string; data?: unknown; message?: string } }> {
  const { baseUrl } = stackContext();
  const form = new FormData();
  for (const [name, value] of Object.entries({ version: API_VERSION, client: API_CLIENT, ...fields })) {
    if (isFormFile(value)) form.append(name, new Blob([value.content]), value.name);
    else form.append(name, String(value));
  }
  const response = await fetch(`${baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** A unique confirmed member of the Admin group without an authenticator yet: no admin rights until it has one. */
export async function createAdminUserWithoutMfa(password = 'Passw0rdX') {
  const { cognito, localStack } = stackContext();
  const user = await createConfirmedUser(password);
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: localStack.resources.userPoolId, Username: user.username, GroupName: ADMIN_GROUP }),
  );
  return { ...user, ...(await signIn(user.username, password)) };
}

/**
 * A unique confirmed member of the Admin group with an authenticator, signed in with its code after
 * joining (so its tokens claim Admin, and the API grants it).
 */
export async function createAdminUser(password = 'Passw0rdX') {
  const user = await createAdminUserWithoutMfa(password);
  const totpSecret = await setUpAuthenticator(user.accessToken);
  return { ...user, totpSecret, ...(await signIn(user.username, password, totpSecret)) };
}

/** Polls `check` until it holds or `seconds` pass; for effects the API applies within a bounded time. */
export async function eventually(check: () => Promise<boolean>, seconds = 10): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Runs function code in the test process as a unit of the local stack would run it: with that unit's
 * environment, its SDK clients pointed at the stack's emulators.
 */
export function asUnit<T>(unit: UnitRef, work: () => Promise<T>): Promise<T> {
  const env = inject('localStack').functionEnv;
  for (const [name, value] of Object.entries(env)) if (name.startsWith('AWS_')) process.env[name] = value;
  return runAs(unitRuntime(unit, env), work);
}
