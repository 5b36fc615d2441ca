import { AdminConfirmSignUpCommand, AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserListRow } from '../../shared/contract/user.admin';
import { callApi, createAdminUser, createConfirmedUser, signIn, signUp, stackContext, uniqueIdentity } from '../support/api';
import { sandboxOrder } from '../support/commerce';
import { licCall, storeLicense, storeLicenseChange, withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

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

  it("keeps each user's counts in the transaction of every kind of license and product write, exact under concurrent writes", async () => {
    const admin = await createAdminUser().then(withUserId);
    const [ann, ben] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const counts = async (id: number) => {
      const row = (await page(admin.accessToken, { search: String(id) })).users.find((candidate) => candidate.id === id)!;
      return { arc: row.arc, ace: row.ace, pro: row.pro, automation: row.automation, battery: row.battery };
    };
    const none = { arc: 0, ace: 0, pro: 0, automation: 0, battery: 0 };

    // A domain write with no cmd around it (the test helper, as a seed or script writes).
    const stored = await storeLicense(ann.id, { license_type_id: 'Pro' });
    expect(await counts(ann.id)).toEqual({ ...none, pro: 1 });
    // The admin's create, then a move to another user: both users' rows follow.
    expect((await licCall(admin.accessToken, 'create_license', { user_id: ann.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' })).status).toBe(200);
    expect((await licCall(admin.accessToken, 'move_license', { license_id: stored.id, to_user_id: ben.id })).status).toBe(200);
    expect(await counts(ann.id)).toEqual({ ...none, battery: 1 });
    expect(await counts(ben.id)).toEqual({ ...none, pro: 1 });
    // Licenses owned are counted whatever their state: disabling one changes no count.
    await storeLicenseChange(stored.id, { enabled: false });
    expect(await counts(ben.id)).toEqual({ ...none, pro: 1 });
    // An order through the checkout sandbox.
    expect((await sandboxOrder(ann.id, [{ path: 'pro-yearly', quantity: 2 }])).status).toBe(200);
    expect(await counts(ann.id)).toEqual({ ...none, battery: 1, pro: 2 });

    // A unit registered by the desktop app, moved by its owner, unregistered by an admin.
    const [arc, ace] = [newDevice(), newDevice({ product_id: 'Ace' })];
    await storeDevices(arc, ace);
    for (const unit of [arc, ace]) expect((await productCall(ann.accessToken, 'register_product', { uid: unit.uid })).status).toBe(200);
    expect(await counts(ann.id)).toEqual({ ...none, battery: 1, pro: 2, arc: 1, ace: 1 });
    const products = (await productCall(ann.accessToken, 'get_products')).body.data as { products: { id: number; uid: string }[] };
    const registeredArc = products.products.find((product) => product.uid === arc.uid)!;
    expect((await productCall(ann.accessToken, 'move_product', { product_id: registeredArc.id, to_user_id: ben.id })).status).toBe(200);
    expect(await counts(ben.id)).toEqual({ ...none, pro: 1, arc: 1 });
    expect((await productCall(admin.accessToken, 'unregister_product', { uid: ace.uid })).status).toBe(200);
    expect(await counts(ann.id)).toEqual({ ...none, battery: 1, pro: 2 });

    // Concurrent writes to one user's licenses (direct writes and admin cmds at once) and a profile
    // write meanwhile: the counts equal a recount of what they own.
    const types = ['Automation', 'Pro', 'Battery', 'Automation', 'Pro', 'Automation', 'All', 'Battery'] as const;
    await Promise.all([
      ...types.map((license_type_id) => storeLicense(ben.id, { license_type_id })),
      ...types.slice(0, 4).map((license_type_id) =>
        licCall(admin.accessToken, 'create_license', { user_id: ben.id, license_type_id, license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' }).then((answer) => expect(answer.status).toBe(200)),
      ),
      user(ben.accessToken, 'update_user_profile', { first_name: 'Ben', last_name: 'Busy' }),
    ]);
    const detail = (await user(admin.accessToken, 'get_user_information', { user_id: ben.id })).body.data as { licenses: { license_type_id: string }[] };
    const owned = (type: string) => detail.licenses.filter((license) => license.license_type_id === type).length;
    expect(await counts(ben.id)).toEqual({ arc: 1, ace: 0, pro: owned('Pro'), automation: owned('Automation'), battery: owned('Battery') });
    expect(owned('Automation')).toBe(5);
    expect((await page(admin.accessToken, { search: String(ben.id), license_type: 'All' })).users.map((row) => row.id)).toContain(ben.id);
  });
});
