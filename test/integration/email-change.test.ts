import { createHmac } from 'node:crypto';
import {
  AdminGetUserCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { callApi, createConfirmedUser, signIn, signUp, stackContext, uniqueIdentity } from '../support/api';

const { baseUrl, cognito, localStack } = stackContext();
const secret = localStack.functionEnv.SSO_SECRET!;

const cognitoEmail = async (username: string) => {
  const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: localStack.resources.userPoolId, Username: username }));
  return user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
};
const changeEmail = (accessToken: string, email: string) =>
  cognito.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'email', Value: email }] }));
const codeFor = async (to: string) =>
  ((await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[]).find((mail) => mail.to === to && mail.code)?.code;

/** The email the portal signs for the forum, for this id token (the SSO call: id-token header, body of sso and sig). */
async function forumEmail(idToken: string): Promise<string | null> {
  const sso = Buffer.from('nonce=n&return_sso_url=https%3A%2F%2Fforum.example.com%2Fsession%2Fsso_login').toString('base64');
  const sig = createHmac('sha256', secret).update(sso).digest('hex');
  const res = await fetch(`${baseUrl}/api/sso`, { method: 'POST', headers: { 'id-token': idToken }, body: JSON.stringify({ sso, sig }) });
  const body = (await res.json()) as { data: { sso: string } };
  return new URLSearchParams(Buffer.from(body.data.sso, 'base64').toString()).get('email');
}

describe('email addresses after sign-up', () => {
  it("refuses a change to an address another account holds, and nothing changes", async () => {
    const holder = await createConfirmedUser();
    const other = await createConfirmedUser();
    await expect(changeEmail(other.accessToken, holder.email.toUpperCase())).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining('Email already exists'),
    });
    expect(await cognitoEmail(other.username)).toBe(other.email);
    expect(await codeFor(holder.email.toUpperCase())).toBeUndefined();
  });

  it('signs for the forum only the verified address of this moment, never one merely typed in', async () => {
    const user = await createConfirmedUser();
    const wanted = uniqueIdentity('typed').email;
    await changeEmail(user.accessToken, wanted);
    // Until the code is entered, the pool keeps the verified address, and so do the tokens and the forum.
    expect(await cognitoEmail(user.username)).toBe(user.email);
    await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
    const fresh = await signIn(user.username, user.password);
    expect(await forumEmail(fresh.idToken)).toBe(user.email);
  });

  it('follows a verified change: the code goes to the new address, the record takes it, the old one is free', async () => {
    const user = await createConfirmedUser();
    expect((await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.data).toMatchObject({ email: user.email });
    const next = uniqueIdentity('moved').email;
    await changeEmail(user.accessToken, next);
    const code = await codeFor(next);
    expect(code).toBeDefined();
    await cognito.send(new VerifyUserAttributeCommand({ AccessToken: user.accessToken, AttributeName: 'email', Code: code! }));
    expect(await cognitoEmail(user.username)).toBe(next);

    const fresh = await signIn(user.username, user.password);
    const profile = await callApi('user', { cmd: 'get_user_profile' }, fresh.accessToken);
    expect(profile.body.data).toMatchObject({ email: next });
    expect(await forumEmail(fresh.idToken)).toBe(next);

    // The old address can be used for a new account now.
    const newcomer = uniqueIdentity('newcomer');
    await expect(signUp({ username: newcomer.username, email: user.email })).resolves.toBeDefined();
  });
});
