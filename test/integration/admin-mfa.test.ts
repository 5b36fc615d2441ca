import {
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { caseMessages } from '../../shared/cases/cases';
import {
  callApi,
  createAdminUser,
  createAdminUserWithoutMfa,
  createConfirmedUser,
  setUpAuthenticator,
  signIn,
  stackContext,
  totpCode,
} from '../support/api';

const { cognito, localStack, demoPassword, demoAdminTotpSecret } = stackContext();
const ClientId = localStack.resources.userPoolClientId;
const getAdmins = (token: string) => callApi('user', { cmd: 'get_admins' }, token);

const passwordStep = (username: string, password: string): Promise<InitiateAuthCommandOutput> =>
  cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId, AuthParameters: { USERNAME: username, PASSWORD: password } }));

const answer = (session: string | undefined, username: string, code: string) =>
  cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId,
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code },
    }),
  );

const errorName = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => error.name);

/** A code that is not the current one (nor the one either side of it). */
const wrongCode = (secret: string) => String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

describe('two-factor sign-in', () => {
  it('gives an Admin member no admin rights until they set up an authenticator, and then at once', async () => {
    const admin = await createAdminUserWithoutMfa();
    const refused = await getAdmins(admin.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ status: 'error', message: apiMessages.adminNeedsMfa });
    // The rest of the account works meanwhile.
    expect((await callApi('user', { cmd: 'get_user_profile' }, admin.accessToken)).status).toBe(200);

    await setUpAuthenticator(admin.accessToken);
    expect((await getAdmins(admin.accessToken)).status).toBe(200);
  });

  it('neither lists an Admin member without an authenticator among the admins nor lets a case be assigned to them, until enrolled', async () => {
    const [support, pending, customer] = await Promise.all([createAdminUser(), createAdminUserWithoutMfa(), createConfirmedUser()]);
    const idOf = async (token: string) => ((await callApi('user', { cmd: 'get_user_profile' }, token)).body.data as { id: number }).id;
    const pendingId = await idOf(pending.accessToken);
    const listed = async () => ((await getAdmins(support.accessToken)).body.data as { admins: { id: number }[] }).admins.map((admin) => admin.id);
    const opened = await callApi('case', { cmd: 'create_case', title: 'It stops', description: 'At 60 minutes.' }, customer.accessToken);
    const caseId = (opened.body.data as { id: number }).id;
    const assign = () => callApi('case', { cmd: 'assign_case', case_id: caseId, user_id: pendingId }, support.accessToken);

    expect(await listed()).not.toContain(pendingId);
    expect((await assign()).body).toEqual({ status: 'error', message: caseMessages.assigneeNotAdmin(pendingId) });

    await setUpAuthenticator(pending.accessToken);
    expect(await listed()).toContain(pendingId);
    expect((await assign()).body).toEqual({ status: 'ok', data: { case_id: caseId, assigned_to: pendingId } });
  });

  it('asks for the authenticator code after the password, refuses a wrong code and a foreign session, and signs in with the right one', async () => {
    const admin = await createAdminUserWithoutMfa();
    const secret = await setUpAuthenticator(admin.accessToken);

    const first = await passwordStep(admin.username, admin.password);
    expect(first.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(first.AuthenticationResult).toBeUndefined();
    const username = first.ChallengeParameters?.USER_ID_FOR_SRP ?? '';
    expect(username).toBe(admin.username);

    expect(await errorName(answer(first.Session, username, wrongCode(secret)))).toBe('CodeMismatchException');
    expect(await errorName(answer('made-up-session', username, totpCode(secret)))).toBe('NotAuthorizedException');
    const someoneElse = await createConfirmedUser();
    expect(await errorName(answer(first.Session, someoneElse.username, totpCode(secret)))).toBe('NotAuthorizedException');

    // A wrong code may be corrected within the same sign-in; the session is then used up.
    const tokens = await answer(first.Session, username, totpCode(secret));
    expect(tokens.AuthenticationResult?.AccessToken).toBeTruthy();
    expect((await getAdmins(tokens.AuthenticationResult!.AccessToken!)).status).toBe(200);
    expect(await errorName(answer(first.Session, username, totpCode(secret)))).toBe('NotAuthorizedException');

    // The sign-in lasts: its refresh token renews it.
    const refreshed = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId,
        AuthParameters: { REFRESH_TOKEN: tokens.AuthenticationResult!.RefreshToken! },
      }),
    );
    expect((await getAdmins(refreshed.AuthenticationResult!.AccessToken!)).status).toBe(200);
  });

  it('is there for every user: a customer who sets up an authenticator is asked for its code from then on', async () => {
    const user = await createConfirmedUser();
    const secret = await setUpAuthenticator(user.accessToken);
    expect((await passwordStep(user.username, user.password)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const tokens = await signIn(user.username, user.password, secret);
    expect((await callApi('user', { cmd: 'get_user_profile' }, tokens.accessToken)).status).toBe(200);
    // Still a customer: the second factor grants nothing more.
    expect((await getAdmins(tokens.accessToken)).body.message).toBe(apiMessages.adminOnly);
  });

  it('seeds the demo admin with the authenticator secret npm start prints', async () => {
    expect(demoAdminTotpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    expect((await passwordStep('admin', demoPassword)).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    const tokens = await signIn('admin', demoPassword, demoAdminTotpSecret);
    expect((await getAdmins(tokens.accessToken)).status).toBe(200);
  });
});
