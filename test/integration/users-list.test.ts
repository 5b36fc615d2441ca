import { AdminConfirmSignUpCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserListRow } from '../../shared/contract/user.admin';
import { callApi, createAdminUser, createConfirmedUser, signIn, signUp, stackContext, uniqueIdentity } from '../support/api';
import { licCall, withUserId } from '../support/licenses';

/**
 * The admin users list over the wire (get_users, get_users_csv, get_user_statistics): search, license
 * type, order and pages against users of its own, the CSV link before and after its time_alive, and the
 * statistics exact. Quiet: it moves the edge's clock and reads the global user figures before and after.
 */
const { baseUrl } = stackContext();
const user = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('user', { cmd, ...params }, token);

async function edgeClockAhead(seconds: number): Promise<void> {
  const answer = await fetch(`${baseUrl}/local/edge-clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offset_seconds: seconds }),
  });
  expect(answer.status).toBe(200);
}
afterEach(() => edgeClockAhead(0));

/** A confirmed customer of `company` with the newsletter choice, whose record its first call makes. */
async function customer(company: string, last_name: string, marketing: boolean) {
  const { cognito, localStack } = stackContext();
  const { username, email } = uniqueIdentity('ul');
  await signUp({ username, email }, { company, last_name, marketing });
  const pool = localStack.resources.userPoolId;
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: pool, Username: username }));
  await cognito.send(
    new AdminUpdateUserAttributesCommand({ UserPoolId: pool, Username: username, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }] }),
  );
  return { email, ...(await withUserId(await signIn(username, 'Passw0rdX'))) };
}

const statistics = async (token: string) => (await user(token, 'get_user_statistics')).body.data as { user_count: number; newsletter_count: number };
const page = async (token: string, params: Record<string, unknown>) => {
  const answer = await user(token, 'get_users', params);
  expect(answer.status).toBe(200);
  return answer.body.data as { users: UserListRow[]; count: number };
};

describe('the admin users list', () => {
  it('refuses a customer every users cmd', async () => {
    const someone = await createConfirmedUser();
    for (const cmd of ['get_users', 'get_users_csv', 'get_user_statistics']) expect((await user(someone.accessToken, cmd)).status).toBe(403);
  });

  it('counts users and newsletter users exactly, searches, filters by license type, sorts, pages and exports a CSV that expires', async () => {
    const admin = await createAdminUser();
    const before = await statistics(admin.accessToken);
    const company = `Users list ${Date.now().toString(36)}`;
    const ada = await customer(company, 'Byron', true);
    const bob = await customer(company, 'Alder', false);
    const cy = await customer(company, 'Cole', true);
    const after = await statistics(admin.accessToken);
    expect(after).toEqual({ user_count: before.user_count + 3, newsletter_count: before.newsletter_count + 2 });

    // Ada gets two Pro licenses and a Battery one: her row counts them, the filter finds her.
    for (const license_type_id of ['Pro', 'Pro', 'Battery']) {
      const created = await licCall(admin.accessToken, 'create_license', { user_id: ada.id, license_type_id, license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' });
      expect(created.status).toBe(200);
    }

    const all = await page(admin.accessToken, { search: company });
    expect(all.count).toBe(3);
    expect(all.users.map((row) => row.id)).toEqual([ada.id, bob.id, cy.id]);
    const adaRow = all.users[0]!;
    expect(adaRow).toMatchObject({ email: ada.email, last_name: 'Byron', company, pro: 2, battery: 1, automation: 0, arc: 0, ace: 0 });
    expect(adaRow.last_active).toBe(new Date().toISOString().slice(0, 10));

    const pro = await page(admin.accessToken, { search: company, license_type: 'Pro' });
    expect(pro.users.map((row) => row.id)).toEqual([ada.id]);
    expect((await page(admin.accessToken, { search: company, license_type: 'Automation' })).count).toBe(0);
    expect((await page(admin.accessToken, { search: String(bob.id) })).users.map((row) => row.id)).toContain(bob.id);

    const byLastName = await page(admin.accessToken, { search: company, order_by: 'last_name', descending: true });
    expect(byLastName.users.map((row) => row.last_name)).toEqual(['Cole', 'Byron', 'Alder']);
    const byPro = await page(admin.accessToken, { search: company, order_by: 'pro', descending: true });
    expect(byPro.users[0]!.id).toBe(ada.id);
    const second = await page(admin.accessToken, { search: company, limit: 2, page: 2 });
    expect(second).toMatchObject({ count: 3, users: [{ id: cy.id }] });
    expect((await user(admin.accessToken, 'get_users', { order_by: 'nope' })).status).toBe(400);

    const exported = await user(admin.accessToken, 'get_users_csv', { search: company, order_by: 'email' });
    expect(exported.status).toBe(200);
    const { filename, time_alive } = exported.body.data as { filename: string; time_alive: number };
    expect(time_alive).toBeGreaterThan(0);
    const file = await fetch(`${baseUrl}/umdata/${filename}`);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    expect(lines[0]).toBe('Id,Created,Last active,Email,First name,Last name,Company,Arc,Ace,Pro,Automation,Battery');
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual([ada.email, bob.email, cy.email].sort());
    expect(lines.find((line) => line.startsWith(`${ada.id},`))).toMatch(/,0,0,2,0,1$/);

    const expires = Number(/expires=(\d+)/.exec(filename)![1]);
    await edgeClockAhead(expires - Math.ceil(Date.now() / 1000) - 1);
    expect((await fetch(`${baseUrl}/umdata/${filename}`)).status).toBe(200);
    await edgeClockAhead(expires - Math.floor(Date.now() / 1000));
    expect((await fetch(`${baseUrl}/umdata/${filename}`)).status).toBe(403);
  });
});
