import {
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { accountDeletionMessages } from '../../shared/accounts/deletion';
import * as accountDeletion from '../../functions/domain/accounts/account-deletion';
import * as deletions from '../../functions/domain/accounts/deletions.repository';
import * as downloads from '../../functions/domain/downloads/downloads.repository';
import * as ivCurves from '../../functions/domain/iv-curves/iv-curves.repository';
import * as products from '../../functions/domain/products/products.repository';
import * as users from '../../functions/domain/users/users.repository';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import { asUnit, callApi, createAdminUser, createConfirmedUser, signIn, stackContext } from '../support/api';
import { curveFile, curveText, uploadCurve } from '../support/iv-curves';
import { attemptLimit, takeAttempt } from '../../functions/lib/db/attempt-limit';
import { newDevice, productCall, storeDevices } from '../support/products';
import { attemptLimits, MAX_WITHDRAWALS_PER_DAY } from '../../shared/contract/limits';

const { baseUrl, localStack, cognito } = stackContext();
/** The job's code, run here as the scheduler runs its function: as the delete-accounts unit. */
const job = {
  runDeletionJob: () => asUnit({ job: 'delete-accounts' }, () => accountDeletion.runDeletionJob()),
  pendingDeletions: () => asUnit({ job: 'delete-accounts' }, () => deletions.pendingDeletions()),
  findDeletionAudit: (id: number) => asUnit({ job: 'delete-accounts' }, () => deletions.findDeletionAudit(id)),
  markDeletionStarted: (request: deletions.PendingDeletion) =>
    asUnit({ job: 'delete-accounts' }, () => deletions.markDeletionStarted(request, new Date())),
};
const findUserById = (id: number) => asUnit({ endpoint: 'user' }, () => users.findUserById(id));

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
    expect(await findUserById(id)).toBeNull();
    const audit = await job.findDeletionAudit(id);
    expect(audit).toMatchObject({ user_id: id });
    expect(JSON.stringify(audit)).not.toContain(user.email);
    expect(await job.pendingDeletions()).not.toContainEqual(expect.objectContaining({ user_id: id }));

    // The tokens the user still holds, the id token included, open nothing and re-create nothing.
    const stale = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe(apiMessages.missingToken);
    const sso = await fetch(`${baseUrl}/api/sso`, { method: 'POST', headers: { 'id-token': user.idToken }, body: JSON.stringify({ sso: 'x', sig: 'y' }) });
    expect(sso.status).toBe(401);
    expect(await findUserById(id)).toBeNull();

    // The address is free again, and the user was told.
    await expect(
      cognito.send(
        new SignUpCommand({
          ClientId: localStack.resources.userPoolClientId,
          Username: `${user.username}x`,
          Password: 'Passw0rdX',
          UserAttributes: [
            { Name: 'email', Value: user.email },
            { Name: 'name', Value: 'Again' },
            { Name: 'family_name', Value: 'Tester' },
          ],
        }),
      ),
    ).resolves.toBeDefined();
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('Your account has been deleted');
  });

  it("unregisters the user's units and forgets their certificate requests, downloads, EULA acceptances and private IV curves", async () => {
    const [user, other] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const { id } = await profileOf(user.accessToken);
    const device = newDevice();
    await storeDevices(device);
    expect((await productCall(user.accessToken, 'register_product', { uid: device.uid })).status).toBe(200);
    const address = { address1: 'Storgatan 1', zipCode: '211 34', city: 'Malmö', country: 'Sweden' };
    expect((await productCall(user.accessToken, 'request_certificate', { uid: device.uid, ...address })).status).toBe(200);
    expect((await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'windows', arch: 'x64' }, user.accessToken)).status).toBe(200);
    expect((await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0' }, user.accessToken)).status).toBe(200);
    // An acceptance with its EULA version is keyed by it too, and goes as well.
    expect((await callApi('user', { cmd: 'accept_eula', client_version: '3.6.0', eula_version: '1' }, user.accessToken)).status).toBe(200);
    const curve = await uploadCurve(user.accessToken, curveFile(curveText()));
    expect(curve.status).toBe(200);
    const curveId = (curve.body.data as { id: number }).id;
    await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);

    expect((await job.runDeletionJob()).deleted).toContain(id);
    expect(await asUnit({ endpoint: 'product' }, () => products.certificateRequestsOf(device.uid))).toEqual([]);
    expect(await asUnit({ endpoint: 'product' }, () => products.productsOf(id))).toEqual([]);
    expect(await asUnit({ endpoint: 'user' }, () => downloads.userDownloads(id))).toEqual([]);
    expect(await asUnit({ endpoint: 'user' }, () => downloads.eulaAcceptances(id))).toEqual([]);
    expect(await asUnit({ endpoint: 'user' }, () => ivCurves.findCurve(curveId))).toBeNull();
    // The unit is free: its next owner registers it.
    const taken = await productCall(other.accessToken, 'register_product', { uid: device.uid });
    expect(taken.status).toBe(200);
  });

  it('deletes exactly the account that asked, never a later account that took its username', async () => {
    const user = await createConfirmedUser();
    const { id } = await profileOf(user.accessToken);
    await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    // Before the job runs, the account goes (an operator removed it) and someone signs up with its username.
    const { userPoolId, userPoolClientId } = localStack.resources;
    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: user.username }));
    await cognito.send(
      new SignUpCommand({
        ClientId: userPoolClientId,
        Username: user.username,
        Password: 'Passw0rdX',
        UserAttributes: [
          { Name: 'email', Value: `other-${user.email}` },
          { Name: 'name', Value: 'New' },
          { Name: 'family_name', Value: 'Owner' },
        ],
      }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: user.username }));

    const result = await job.runDeletionJob();
    expect(result.deleted).toContain(id);
    expect(await cognitoUserExists(user.username)).toBe(true);
    await expect(signIn(user.username, 'Passw0rdX')).resolves.toBeDefined();
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
    const admin = await createAdminUser();
    const res = await callApi('user', { cmd: 'delete_user_account', user_id: id }, admin.accessToken);
    expect(res.status).toBe(200);
    const adminId = (await profileOf(admin.accessToken)).id;
    expect(await job.pendingDeletions()).toContainEqual(expect.objectContaining({ user_id: id, requested_by: adminId }));
    const missing = await callApi('user', { cmd: 'delete_user_account', user_id: 999_999 }, admin.accessToken);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ status: 'error', message: 'User not found' });
  });
});

describe('withdrawing an account deletion', () => {
  const pendingOf = async (token: string) => (await callApi('user', { cmd: 'get_account_deletion' }, token)).body.data as { request: unknown };

  it('withdraws a pending request until the job runs: the job leaves the account, the user is told and can sign in', async () => {
    const user = await createConfirmedUser();
    const { id } = await profileOf(user.accessToken);
    expect(await pendingOf(user.accessToken)).toEqual({ request: null });
    const asked = await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    expect(await pendingOf(user.accessToken)).toEqual({ request: { ...(asked.body.data as object), by_admin: false } });

    const withdrawn = await callApi('user', { cmd: 'withdraw_account_deletion' }, user.accessToken);
    expect(withdrawn.status).toBe(200);
    expect(Date.parse((withdrawn.body.data as { withdrawn: string }).withdrawn)).not.toBeNaN();
    expect(await pendingOf(user.accessToken)).toEqual({ request: null });
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('Your account will not be deleted');

    // Nothing is pending any more: a second withdrawal says so and changes nothing.
    const again = await callApi('user', { cmd: 'withdraw_account_deletion' }, user.accessToken);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ status: 'error', message: accountDeletionMessages.nonePending });

    expect((await job.runDeletionJob()).deleted).not.toContain(id);
    expect(await findUserById(id)).not.toBeNull();
    expect(await cognitoUserExists(user.username)).toBe(true);
    await expect(signIn(user.username, user.password)).resolves.toBeDefined();
    // Asking again starts a new request.
    expect((await callApi('user', { cmd: 'delete_user_account' }, user.accessToken)).status).toBe(200);
    expect(await pendingOf(user.accessToken)).toMatchObject({ request: { by_admin: false } });
  });

  it('refuses a withdrawal once the job has started on the request, and the job skips one withdrawn after it listed it', async () => {
    const [started, late] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const [{ id: startedId }, { id: lateId }] = await Promise.all([profileOf(started.accessToken), profileOf(late.accessToken)]);
    await callApi('user', { cmd: 'delete_user_account' }, started.accessToken);
    await callApi('user', { cmd: 'delete_user_account' }, late.accessToken);
    const listed = await job.pendingDeletions();
    const startedRequest = listed.find((request) => request.user_id === startedId)!;
    const lateRequest = listed.find((request) => request.user_id === lateId)!;

    expect(await job.markDeletionStarted(startedRequest)).toMatchObject({ user_id: startedId });
    const refused = await callApi('user', { cmd: 'withdraw_account_deletion' }, started.accessToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: 'error', message: accountDeletionMessages.alreadyStarted });
    expect(await job.pendingDeletions()).toContainEqual(expect.objectContaining({ user_id: startedId }));

    // The user withdraws between the job's listing and its start on the request: the job leaves it.
    expect((await callApi('user', { cmd: 'withdraw_account_deletion' }, late.accessToken)).status).toBe(200);
    expect(await job.markDeletionStarted(lateRequest)).toBeNull();
    expect(await job.pendingDeletions()).not.toContainEqual(expect.objectContaining({ user_id: lateId }));

    const result = await job.runDeletionJob();
    expect(result.deleted).toContain(startedId);
    expect(result.deleted).not.toContain(lateId);
    expect(await findUserById(lateId)).not.toBeNull();
  });

  it("lets only an admin withdraw a deletion an admin asked for, and no user withdraw another's", async () => {
    const [user, other, admin] = await Promise.all([createConfirmedUser(), createConfirmedUser(), createAdminUser()]);
    const { id } = await profileOf(user.accessToken);
    await callApi('user', { cmd: 'delete_user_account', user_id: id }, admin.accessToken);
    expect(await pendingOf(user.accessToken)).toMatchObject({ request: { by_admin: true } });

    const byUser = await callApi('user', { cmd: 'withdraw_account_deletion' }, user.accessToken);
    expect(byUser.status).toBe(403);
    expect(byUser.body).toEqual({ status: 'error', message: accountDeletionMessages.askedByAdmin });
    const byOther = await callApi('user', { cmd: 'withdraw_account_deletion', user_id: id }, other.accessToken);
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(apiMessages.adminOnly);
    expect(await job.pendingDeletions()).toContainEqual(expect.objectContaining({ user_id: id }));

    const byAdmin = await callApi('user', { cmd: 'withdraw_account_deletion', user_id: id }, admin.accessToken);
    expect(byAdmin.status).toBe(200);
    expect(await pendingOf(user.accessToken)).toEqual({ request: null });
  });

  it('keeps a deletion an admin asked for the admin’s to withdraw when the user had asked first', async () => {
    const [user, admin] = await Promise.all([createConfirmedUser(), createAdminUser()]);
    const { id } = await profileOf(user.accessToken);
    const own = await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    const byAdmin = await callApi('user', { cmd: 'delete_user_account', user_id: id }, admin.accessToken);
    // The pending request stays as it was (its dates), now also the admin's.
    expect(byAdmin.body).toEqual(own.body);
    expect(await pendingOf(user.accessToken)).toEqual({ request: { ...(own.body.data as object), by_admin: true } });

    const byUser = await callApi('user', { cmd: 'withdraw_account_deletion' }, user.accessToken);
    expect(byUser.status).toBe(403);
    expect(byUser.body).toEqual({ status: 'error', message: accountDeletionMessages.askedByAdmin });
    // The withdrawal's own write refuses it too, so an admin's request made after the user's check still holds.
    expect(await asUnit({ endpoint: 'user' }, () => deletions.withdrawDeletionRequest(id, { byAdmin: false }))).toEqual({ outcome: 'askedByAdmin' });
    expect(await pendingOf(user.accessToken)).toMatchObject({ request: { by_admin: true } });

    expect((await callApi('user', { cmd: 'withdraw_account_deletion', user_id: id }, admin.accessToken)).status).toBe(200);
    expect(await pendingOf(user.accessToken)).toEqual({ request: null });
  });

  it('carries out a request as stored when the job starts on it, not as the job listed it: an admin who asked since stays on record', async () => {
    const [user, admin] = await Promise.all([createConfirmedUser(), createAdminUser()]);
    const [{ id }, { id: adminId }] = await Promise.all([profileOf(user.accessToken), profileOf(admin.accessToken)]);
    await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    const listed = (await job.pendingDeletions()).find((request) => request.user_id === id)!;
    // An administrator asks for the same deletion after the job listed it.
    await callApi('user', { cmd: 'delete_user_account', user_id: id }, admin.accessToken);
    expect(await job.markDeletionStarted(listed)).toMatchObject({ user_id: id, requested_by: adminId });
    expect(await job.pendingDeletions()).toContainEqual(expect.objectContaining({ user_id: id, requested_by: adminId, started: expect.any(String) }));
  });

  it(`refuses a user's withdrawal after ${MAX_WITHDRAWALS_PER_DAY} in a day, so request and withdrawal cannot send mails in a loop, and changes nothing`, async () => {
    const [user, admin] = await Promise.all([createConfirmedUser(), createAdminUser()]);
    const { id } = await profileOf(user.accessToken);
    await callApi('user', { cmd: 'delete_user_account' }, user.accessToken);
    // The day's withdrawals used up (as a loop of request and withdraw would).
    await asUnit({ endpoint: 'user' }, () => Promise.all(Array.from({ length: MAX_WITHDRAWALS_PER_DAY }, () => takeAttempt(attemptLimit('withdrawDeletion'), id))));
    const mailsBefore = (await mailsTo(user.email)).length;

    const refused = await callApi('user', { cmd: 'withdraw_account_deletion' }, user.accessToken);
    expect(refused).toMatchObject({ status: 429, body: { status: 'error', message: attemptLimits.withdrawDeletion.message } });
    expect(await pendingOf(user.accessToken)).toMatchObject({ request: { by_admin: false } });
    expect(await mailsTo(user.email)).toHaveLength(mailsBefore);
    // An administrator is not counted.
    expect((await callApi('user', { cmd: 'withdraw_account_deletion', user_id: id }, admin.accessToken)).status).toBe(200);
  });
});

describe('get_admins', () => {
  it('lists the members of the Admin group with their user ids', async () => {
    const admin = await createAdminUser();
    const customer = await createConfirmedUser();
    const res = await callApi('user', { cmd: 'get_admins' }, admin.accessToken);
    expect(res.status).toBe(200);
    const { admins } = res.body.data as { admins: { username: string; id: number }[] };
    expect(admins.map((a) => a.username)).toContain(admin.username);
    expect(admins.map((a) => a.username)).not.toContain(customer.username);
    expect(admins.find((a) => a.username === admin.username)!.id).toBe((await profileOf(admin.accessToken)).id);
  });
});
