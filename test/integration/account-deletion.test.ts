import { AdminGetUserCommand, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { callApi, createConfirmedUser, signIn, stackContext } from '../support/api';

const { baseUrl, localStack, cognito, demoPassword } = stackContext();
type Job = typeof import('../../functions/lib/account-deletion');
let job: Job;

beforeAll(async () => {
  // The job runs here as the scheduler would run its function: with the functions' environment.
  Object.assign(process.env, localStack.functionEnv);
  job = await import('../../functions/lib/account-deletion');
});

const mailsTo = async (to: string) =>
  ((await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[]).filter((mail) => mail.to === to);
const cognitoUserExists = async (username: string) =>
  cognito.send(new AdminGetUserCommand({ UserPoolId: localStack.resources.userPoolId, Username: username })).then(
    () => true,
    (error: Error) => (error.name === 'UserNotFoundException' ? false : Promise.reject(error)),
  );
const profileOf = async (token: string) => (await callApi('user', { cmd: 'get_user_profile' }, token)).body.data as { id: number };

describe('account deletion', () => {
  it('stores the request, promises two working days, mails the user, and answers a repeat with the same request', async () => {
    const user = await createConfirmedUser();
    const first = await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    expect(first.status).toBe(200);
    const { requested, delete_by } = first.body.data as { requested: string; delete_by: string };
    const days = (Date.parse(delete_by) - Date.parse(requested)) / 86_400_000;
    expect(days).toBeGreaterThan(1);
    expect(days).toBeLessThan(5); // two working days, a weekend at most in between
    expect([0, 6]).not.toContain(new Date(delete_by).getUTCDay());

    const again = await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    expect(again.body.data).toEqual(first.body.data);
    const mails = await mailsTo(user.email);
    expect(mails.filter((m) => m.subject === 'Your account will be deleted')).toHaveLength(1);
    expect(mails[0]!.text).toContain('within two working days');
  });

  it('lets the job delete the Cognito user and the personal data, keep an audit line, and free the email', async () => {
    const user = await createConfirmedUser();
    const { id } = await profileOf(user.accessToken);
    await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);

    const result = await job.runDeletionJob();
    expect(result.deleted).toContain(id);
    expect(result.failed).toEqual([]);

    expect(await cognitoUserExists(user.username)).toBe(false);
    await expect(signIn(user.username, user.password)).rejects.toThrow();
    const users = await import('../../functions/lib/users');
    expect(await users.findUserById(id)).toBeNull();
    const audit = await job.findDeletionAudit(id);
    expect(audit).toMatchObject({ user_id: id });
    expect(JSON.stringify(audit)).not.toContain(user.email);
    expect(await job.pendingDeletions()).not.toContainEqual(expect.objectContaining({ user_id: id }));

    // The token the user still holds no longer opens anything.
    const stale = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(apiMessages.missingToken);

    // The address is free again, and the user was told.
    await expect(
      cognito.send(
        new SignUpCommand({
          ClientId: localStack.resources.userPoolClientId,
          Username: `${user.username}x`,
          Password: 'Passw0rdX',
          UserAttributes: [{ Name: 'email', Value: user.email }],
        }),
      ),
    ).resolves.toBeDefined();
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('Your account has been deleted');
  });

  it("refuses a user's request for someone else's account, and changes nothing", async () => {
    const victim = await createConfirmedUser();
    const attacker = await createConfirmedUser();
    const { id } = await profileOf(victim.accessToken);
    const res = await callApi('user', { cmd: 'delete_user_account', user_id: id }, attacker.accessToken);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(apiMessages.adminOnly);
    expect(await job.pendingDeletions()).not.toContainEqual(expect.objectContaining({ user_id: id }));
    expect(await job.pendingDeletions()).not.toContainEqual(expect.objectContaining({ username: attacker.username }));
  });

  it("lets an admin request another user's deletion, and says when the user does not exist", async () => {
    const user = await createConfirmedUser();
    const { id } = await profileOf(user.accessToken);
    const admin = await signIn('admin', demoPassword);
    const res = await callApi('user', { cmd: 'delete_user_account', user_id: id }, admin.accessToken);
    expect(res.status).toBe(200);
    const adminId = (await profileOf(admin.accessToken)).id;
    expect(await job.pendingDeletions()).toContainEqual(expect.objectContaining({ user_id: id, requested_by: adminId }));
    const missing = await callApi('user', { cmd: 'delete_user_account', user_id: 999_999 }, admin.accessToken);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 'error', message: 'User not found' });
  });
});

describe('get_admins', () => {
  it('lists the members of the Admin group with their user ids', async () => {
    const admin = await signIn('admin', demoPassword);
    const res = await callApi('user', { cmd: 'get_admins' }, admin.accessToken);
    expect(res.status).toBe(200);
    const { admins } = res.body.data as { admins: { username: string; id: number }[] };
    expect(admins.map((a) => a.username)).toContain('admin');
    expect(admins.map((a) => a.username)).not.toContain('demo');
    expect(admins.find((a) => a.username === 'admin')!.id).toBe((await profileOf(admin.accessToken)).id);
  });
});
