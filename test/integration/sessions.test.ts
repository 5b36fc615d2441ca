import { AdminRemoveUserFromGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { callApi, createAdminUser, createConfirmedUser, eventually, signIn, stackContext } from '../support/api';

const { baseUrl, cognito, localStack } = stackContext();
const status = async (token: string) => (await callApi('user', { cmd: 'get_user_profile' }, token)).status;
const ssoStatus = async (idToken: string) =>
  (await fetch(`${baseUrl}/api/sso`, { method: 'POST', headers: { 'id-token': idToken }, body: JSON.stringify({ sso: 'x', sig: 'y' }) })).status;

/**
 * Tokens stop working when they should, within the recheck bound (2 s in the tests' stack, 30 s by
 * default), without a Cognito call on every request.
 */
describe('sessions', () => {
  it('refuses the tokens of a signed-out sign-in, id token included, and keeps the other sign-ins going', async () => {
    const user = await createConfirmedUser();
    const other = await signIn(user.username, user.password);
    expect(await status(user.accessToken)).toBe(200);
    expect(await status(other.accessToken)).toBe(200);

    const out = await callApi('user', { cmd: 'sign_out' }, user.accessToken);
    expect(out.body).toEqual({ status: 'ok', data: { signed_out: true } });
    expect(await eventually(async () => (await status(user.accessToken)) === 401)).toBe(true);
    expect((await callApi('user', { cmd: 'get_user_profile' }, user.accessToken)).body.message).toBe(apiMessages.missingToken);
    expect(await ssoStatus(user.idToken)).toBe(401);
    expect(await status(other.accessToken)).toBe(200);
  });

  it("takes an admin's rights away once the admin leaves the Admin group, though the token still claims them", async () => {
    const admin = await createAdminUser();
    expect((await callApi('user', { cmd: 'get_admins' }, admin.accessToken)).status).toBe(200);
    await cognito.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: localStack.resources.userPoolId, Username: admin.username, GroupName: 'Admin' }),
    );
    expect(await eventually(async () => (await callApi('user', { cmd: 'get_admins' }, admin.accessToken)).status === 403)).toBe(true);
    const refused = await callApi('user', { cmd: 'get_admins' }, admin.accessToken);
    expect(refused.body.message).toBe(apiMessages.adminOnly);
    // Still a customer: the rest of the account works.
    expect(await status(admin.accessToken)).toBe(200);
  });
});
