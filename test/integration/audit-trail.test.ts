import { describe, expect, it } from 'vitest';
import { API_CLIENT, API_VERSION } from '../../shared/api';
import { legacyUpgradePaths } from '../../shared/commerce/catalogue';
import type { AuditEntry } from '../../shared/audit/entries';
import { callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { licCall as lic, storeLicense, storeReservation, withUserId as withId } from '../support/licenses';
import { newDevice, productCall as product, storeDevices } from '../support/products';
import { sandboxOrder } from '../support/commerce';
import { curveFile, curveText, uploadCurve } from '../support/iv-curves';
import { uploadApi } from '../support/api';
import { allCmds } from '../../shared/contract/all';

const user = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('user', { cmd, ...params }, token);

/** The audit entries the admin wrote, newest first (their own only: other files' admins write beside them). */
async function entriesBy(admin: { accessToken: string; id: number }, params: Record<string, unknown> = {}) {
  const answer = await user(admin.accessToken, 'get_audit_entries', { by_user_id: admin.id, limit: 100, ...params });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data as { entries: AuditEntry[]; count: number };
}

/** A call with its answer's request id (the id its audit entry names). */
async function licWithRequestId(token: string, cmd: string, params: Record<string, unknown>) {
  const response = await fetch(`${stackContext().baseUrl}/api/lic/5`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ version: API_VERSION, client: API_CLIENT, cmd, ...params }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('x-request-id');
}

/** Where the endpoint of a cmd is: from the contract. */
const endpointOf = (cmd: string) => allCmds().find((entry) => entry.cmd === cmd)!.endpoint;

/**
 * The admin cmds the contract declares audited (and the customers' audited cmds an admin may call too)
 * whose entries another test proves, with where: each of the others is called in the first test below.
 */
const provenElsewhere: Record<string, string> = {
  cancel_subscription: 'below: the entries of subscription cancel and convert',
  convert_pro_subscription: 'below: the entries of subscription cancel and convert',
  // Latest is one list for the whole stack: info.test.ts edits it, alone.
  update_latest: 'info.test.ts: an audit entry each',
  update_news: 'info.test.ts: an audit entry each',
  set_organisation_owner: "organisations.test.ts: a deleted owner's organisation",
  set_license_organisation: "organisations.test.ts: the organisation's history names it",
};

/** The audited cmds the first test calls as an admin, in this order. */
const adminAuditedCalls = [
  'update_license',
  'create_license',
  'disable_license',
  'enable_license',
  'add_license_addon',
  'update_license_addon',
  'remove_license_addon',
  'update_license_to_fastspring',
  'return_license',
  'move_license',
  'create_license_codes',
  'set_user_legacy',
  'unregister_product',
  'assign_case',
  'close_case',
] as const;

describe('the audit trail', () => {
  it('calls, here or where provenElsewhere says, every admin cmd the contract declares audited', () => {
    // The first test's calls are listed there; this is the contract's side of the bargain.
    const declared = allCmds().filter(({ def }) => def.role === 'admin' && def.audit).map(({ cmd }) => cmd);
    const covered = new Set([...adminAuditedCalls, ...Object.keys(provenElsewhere)]);
    expect(declared.filter((cmd) => !covered.has(cmd))).toEqual([]);
    // And every cmd called as audited is declared so.
    const audited = new Set(allCmds().filter(({ def }) => def.audit).map(({ cmd }) => cmd));
    expect([...covered].filter((cmd) => !audited.has(cmd))).toEqual([]);
  });

  it('writes exactly one entry for each admin cmd: who, the cmd, the target, before and after, the request id', async () => {
    const [admin, customer, other] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId), createConfirmedUser().then(withId)]);
    const token = admin.accessToken;
    const plain = await storeLicense(customer.id);
    const pro = await storeLicense(customer.id, { license_type_id: 'Pro' });
    const legacy = await storeLicense(customer.id, { license_type_id: 'Automation', license_usage_id: 4 });
    const held = await storeLicense(customer.id);
    await storeReservation(held.id, customer.id, 'fp-audit');
    const device = newDevice();
    await storeDevices(device);
    expect((await product(customer.accessToken, 'register_product', { uid: device.uid })).status).toBe(200);
    const kase = await callApi('case', { cmd: 'create_case', title: 'Audit me', description: 'A case an admin assigns and closes.' }, customer.accessToken);
    const caseId = (kase.body.data as { id: number }).id;

    const requestId = await licWithRequestId(token, 'update_license', { license_id: plain.id, license_usage_id: 2, valid_to: '2029-01-01' });
    const paramsOf: Record<(typeof adminAuditedCalls)[number], Record<string, unknown>> = {
      update_license: {},
      create_license: { user_id: customer.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' },
      disable_license: { license_id: plain.id },
      enable_license: { license_id: plain.id },
      add_license_addon: { license_id: pro.id, addon_id: 'BatteryValidation' },
      update_license_addon: { license_id: pro.id, addon_id: 'BatteryValidation', attributes: { channels: 8 } },
      remove_license_addon: { license_id: pro.id, addon_id: 'BatteryValidation' },
      update_license_to_fastspring: { license_id: legacy.id, product: legacyUpgradePaths('Automation')[0] },
      return_license: { license_id: held.id, fingerprint: 'fp-audit' },
      move_license: { license_id: plain.id, to_user_id: other.id },
      create_license_codes: { license_type_id: 'Battery', single_usage: true, description: 'audit', count: 3, duration: 'P30D' },
      set_user_legacy: { user_id: customer.id, legacy: true },
      unregister_product: { uid: device.uid },
      assign_case: { case_id: caseId, user_id: admin.id },
      close_case: { case_id: caseId },
    };
    // update_license went first, with its request id read from the answer.
    const calls = adminAuditedCalls.filter((cmd) => cmd !== 'update_license').map((cmd) => [endpointOf(cmd), cmd, paramsOf[cmd]] as const);
    for (const [endpoint, cmd, params] of calls) {
      const answer = await callApi(endpoint, { cmd, ...params }, token);
      expect(answer.status, `${cmd}: ${answer.body.message}`).toBe(200);
    }

    const { entries, count } = await entriesBy(admin);
    expect(count).toBe(calls.length + 1);
    const byCmd = new Map<string, AuditEntry[]>();
    for (const entry of entries) byCmd.set(entry.cmd ?? '', [...(byCmd.get(entry.cmd ?? '') ?? []), entry]);
    for (const [endpoint, cmd] of [['lic/5', 'update_license'], ...calls]) {
      const mine = byCmd.get(`${endpoint}/${cmd}`) ?? [];
      expect(mine, cmd).toHaveLength(1);
      expect(mine[0], cmd).toMatchObject({ by_user_id: admin.id, by_user_email: admin.email, target: expect.stringMatching(/^[a-z_]+#/), request_id: expect.any(String) });
    }
    const only = (cmd: string) => byCmd.get(cmd)![0]!;
    const update = only('lic/5/update_license');
    expect(update).toMatchObject({ action: 'update_license', target: `license#${plain.id}`, license_id: plain.id, user_ids: [customer.id], request_id: requestId });
    expect(JSON.parse(update.before!)).toEqual({ license_usage_id: 4, valid_to: '2027-01-01' });
    expect(JSON.parse(update.after!)).toEqual({ license_usage_id: 2, valid_to: '2029-01-01' });
    expect(JSON.parse(only('lic/5/disable_license').after!)).toEqual({ enabled: false });
    expect(only('lic/5/return_license')).toMatchObject({ action: 'release_license', target: `license#${held.id}` });
    expect(only('lic/5/move_license')).toMatchObject({ action: 'move_license', user_ids: [customer.id, other.id] });
    expect(JSON.parse(only('user/set_user_legacy').after!)).toEqual({ legacy: true });
    expect(only('case/assign_case')).toMatchObject({ target: `case#${caseId}`, after: JSON.stringify({ assigned_to: admin.id }) });
    expect(JSON.parse(only('case/close_case').after!)).toEqual({ state: 0 });

    // The license's History and the customer's trail hold the same entries.
    const history = await lic(token, 'get_license_history', { license_id: plain.id });
    expect((history.body.data as { entries: AuditEntry[] }).entries.map((entry) => entry.action)).toEqual(['move_license', 'enable_license', 'disable_license', 'update_license']);
    // Paged: a history grows with every move and share, its answer does not.
    const second = await lic(token, 'get_license_history', { license_id: plain.id, limit: 3, page: 2 });
    expect(second.body.data).toMatchObject({ count: 4, entries: [{ action: 'update_license' }] });
    const detail = await user(token, 'get_user_information', { user_id: customer.id });
    const actions = (detail.body.data as { actions?: { cmd?: string | null }[]; userActions?: { cmd?: string | null }[] }).actions ?? (detail.body.data as { userActions: { cmd?: string | null }[] }).userActions;
    expect(actions.filter((action) => action.cmd === 'lic/5/update_license')).toHaveLength(1);
  });

  it('records customers’ shares and moves', async () => {
    const [owner, friend] = await Promise.all([createConfirmedUser().then(withId), createConfirmedUser().then(withId)]);
    const admin = await createAdminUser().then(withId);
    const license = await storeLicense(owner.id);
    expect((await lic(owner.accessToken, 'share_license', { license_id: license.id, with_user_id: friend.id })).status).toBe(200);
    expect((await lic(owner.accessToken, 'cancel_share_license', { license_id: license.id, with_user_id: friend.id })).status).toBe(200);
    expect((await lic(owner.accessToken, 'move_license', { license_id: license.id, to_user_id: friend.id })).status).toBe(200);
    const { entries } = await entriesBy({ ...admin, id: owner.id });
    expect(entries.map((entry) => [entry.action, entry.target, entry.user_ids])).toEqual([
      ['move_license', `license#${license.id}`, [owner.id, friend.id]],
      ['cancel_share_license', `license#${license.id}`, [owner.id, friend.id]],
      ['share_license', `license#${license.id}`, [owner.id, friend.id]],
    ]);
    expect(JSON.parse(entries[2]!.after!)).toEqual({ shared_count: 1, shared_users: [friend.id] });
    // Beside each entry, the users its values name with their emails: the screens say them by name.
    expect(entries[2]!.people).toEqual([{ id: friend.id, email: friend.email }]);
    const history = (await lic(admin.accessToken, 'get_license_history', { license_id: license.id })).body.data as { entries: AuditEntry[] };
    expect(history.entries[0]!.people).toEqual(expect.arrayContaining([{ id: owner.id, email: owner.email }, { id: friend.id, email: friend.email }]));
  });

  it('keeps both of two admins’ concurrent edits of one license, each with its own entry', async () => {
    const [first, second, customer] = await Promise.all([createAdminUser().then(withId), createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const license = await storeLicense(customer.id);
    const answers = await Promise.all([
      lic(first.accessToken, 'update_license', { license_id: license.id, license_usage_id: 2, valid_to: '2030-01-01' }),
      lic(second.accessToken, 'update_license', { license_id: license.id, license_usage_id: 3, valid_to: '2031-01-01' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const history = (await lic(first.accessToken, 'get_license_history', { license_id: license.id })).body.data as { entries: AuditEntry[] };
    expect(history.entries.map((entry) => entry.by_user_id).sort()).toEqual([first.id, second.id].sort());
    // The later one's before is the earlier one's after: nothing is lost between them.
    const [later, earlier] = history.entries;
    expect(JSON.parse(later!.before!)).toEqual(JSON.parse(earlier!.after!));
  });

  it('writes the entries of subscription cancel and convert, in the owner\'s trail and the license\'s history', async () => {
    const [admin, buyer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    expect((await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }, { path: 'automation-addon-perpetual', quantity: 1 }])).status).toBe(200);
    expect((await sandboxOrder(buyer.id, [{ path: 'pro-monthly', quantity: 1 }])).status).toBe(200);
    const licenses = ((await lic(buyer.accessToken, 'get_licenses')).body.data as { licenses: { id: number; subscription_id: number; addons: unknown[] }[] }).licenses;
    const convertible = licenses.find((license) => license.addons.length === 1)!;
    const monthly = licenses.find((license) => license.id !== convertible.id)!;
    expect((await lic(admin.accessToken, 'convert_pro_subscription', { subscription_id: convertible.subscription_id })).status).toBe(200);
    expect((await lic(admin.accessToken, 'cancel_subscription', { license_id: monthly.id })).status).toBe(200);

    const { entries } = await entriesBy(admin);
    expect(entries.map((entry) => [entry.action, entry.target, entry.license_id, entry.user_ids])).toEqual([
      ['cancel_subscription', `subscription#${monthly.subscription_id}`, monthly.id, [buyer.id]],
      ['convert_pro_subscription', `subscription#${convertible.subscription_id}`, convertible.id, [buyer.id]],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toEqual({ state: 'canceled' });
    expect(JSON.parse(entries[1]!.after!)).toEqual({ product: 'automation-battery-toolbox-yearly' });
    const history = (await lic(admin.accessToken, 'get_license_history', { license_id: monthly.id })).body.data as { entries: AuditEntry[] };
    expect(history.entries.map((entry) => entry.action)).toContain('cancel_subscription');
  });

  it("writes an entry when an admin deletes or withdraws another user's account deletion", async () => {
    const [admin, asked, other] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId), createConfirmedUser().then(withId)]);
    // Another user's deletion asked by the admin, then withdrawn by the admin.
    expect((await user(admin.accessToken, 'delete_user_account', { user_id: other.id })).status).toBe(200);
    expect((await user(admin.accessToken, 'withdraw_account_deletion', { user_id: other.id })).status).toBe(200);
    // A deletion the user asked for, which the admin makes theirs.
    expect((await user(asked.accessToken, 'delete_user_account')).status).toBe(200);
    expect((await user(admin.accessToken, 'delete_user_account', { user_id: asked.id })).status).toBe(200);
    // The user's own request and withdrawal are not admin actions.
    expect((await user(other.accessToken, 'delete_user_account')).status).toBe(200);
    expect((await user(other.accessToken, 'withdraw_account_deletion')).status).toBe(200);

    const { entries } = await entriesBy(admin);
    expect(entries.map((entry) => [entry.action, entry.target, entry.user_ids])).toEqual([
      ['delete_user_account', `user#${asked.id}`, [asked.id]],
      ['withdraw_account_deletion', `user#${other.id}`, [other.id]],
      ['delete_user_account', `user#${other.id}`, [other.id]],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toMatchObject({ requested_by: admin.id });
    expect(JSON.parse(entries[1]!.after!)).toEqual({ delete_by: null });
    expect(entries.every((entry) => entry.request_id)).toBe(true);
    expect((await entriesBy({ ...admin, id: other.id })).count).toBe(0);
  });

  it("writes an entry for an admin's comment that closes a case and deleting a customer's attachment, not for the customer's own", async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const kase = await callApi('case', { cmd: 'create_case', title: 'Audit a close', description: 'Closed with a comment.' }, customer.accessToken);
    const caseId = (kase.body.data as { id: number }).id;
    const attach = async (token: string, name: string) =>
      ((await uploadApi('case', { cmd: 'upload_case_attachment', case_id: caseId, uploaded_file: { name, content: 'log\n' } }, token)).body.data as { id: number }).id;
    const [theirs, ownFile] = [await attach(customer.accessToken, 'run.log'), await attach(customer.accessToken, 'other.log')];
    expect((await callApi('case', { cmd: 'delete_attachment', attachment_id: ownFile }, customer.accessToken)).status).toBe(200);
    expect((await callApi('case', { cmd: 'add_comment', case_id: caseId, comment: 'Which firmware?' }, admin.accessToken)).status).toBe(200);
    expect((await callApi('case', { cmd: 'delete_attachment', attachment_id: theirs }, admin.accessToken)).status).toBe(200);
    expect((await callApi('case', { cmd: 'add_comment', case_id: caseId, comment: 'Fixed in 1.5', close: true }, admin.accessToken)).status).toBe(200);

    const { entries } = await entriesBy(admin);
    expect(entries.map((entry) => [entry.action, entry.cmd, entry.target, entry.user_ids])).toEqual([
      ['add_comment', 'case/add_comment', `case#${caseId}`, [customer.id]],
      ['delete_attachment', 'case/delete_attachment', `case#${caseId}`, [customer.id]],
    ]);
    expect(JSON.parse(entries[0]!.after!)).toEqual({ state: 0 });
    expect(JSON.parse(entries[1]!.before!)).toEqual({ attachment_id: theirs, filename: 'run.log' });
    expect((await entriesBy({ ...admin, id: customer.id })).count).toBe(0);
  });

  it("writes an entry when an admin publishes or deletes another user's IV curve, not for their own", async () => {
    const [admin, owner] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const upload = async (token: string, fields: Record<string, string | number | boolean> = {}) => {
      const answer = await uploadCurve(token, curveFile(curveText()), fields);
      expect(answer.status, answer.body.message).toBe(200);
      return (answer.body.data as { id: number }).id;
    };
    const curve = await upload(owner.accessToken);
    const published = await upload(admin.accessToken, { upload_type: 'update', id: curve, public: true });
    expect(published).toBe(curve);
    const own = await upload(admin.accessToken, { public: true });
    expect((await user(admin.accessToken, 'delete_iv_curve', { id: own })).status).toBe(200);
    expect((await user(admin.accessToken, 'delete_iv_curve', { id: curve })).status).toBe(200);

    const { entries } = await entriesBy(admin);
    expect(entries.map((entry) => [entry.action, entry.target, entry.user_ids])).toEqual([
      ['delete_iv_curve', `iv-curve#${curve}`, [owner.id]],
      ['upload_iv_curve', `iv-curve#${curve}`, [owner.id]],
    ]);
    expect(JSON.parse(entries[1]!.before!)).toEqual({ version: 1, public: false });
    expect(JSON.parse(entries[1]!.after!)).toEqual({ version: 2, public: true });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ version: null, public: null });
  });

  it('filters by action and days, exports CSV, and refuses customers', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const license = await storeLicense(customer.id);
    await lic(admin.accessToken, 'disable_license', { license_id: license.id });
    await lic(admin.accessToken, 'enable_license', { license_id: license.id });
    expect((await entriesBy(admin, { action: 'disable_license' })).entries.map((entry) => entry.action)).toEqual(['disable_license']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entriesBy(admin, { from: today, to: today })).count).toBe(2);
    expect((await entriesBy(admin, { to: '2020-01-01' })).count).toBe(0);
    expect((await entriesBy(admin, { limit: 1, page: 2 })).entries.map((entry) => entry.action)).toEqual(['disable_license']);

    const csv = await user(admin.accessToken, 'get_audit_csv', { by_user_id: admin.id });
    expect(csv.status).toBe(200);
    const { filename } = csv.body.data as { filename: string; time_alive: number };
    const file = await fetch(`${stackContext().baseUrl}/umdata/${filename}`);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('by_user_email');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('enable_license');

    for (const [endpoint, cmd, params] of [
      ['user', 'get_audit_entries', {}],
      ['user', 'get_audit_csv', {}],
      ['lic/5', 'get_license_history', { license_id: license.id }],
    ] as const) {
      expect((await callApi(endpoint, { cmd, ...params }, customer.accessToken)).status, cmd).toBe(403);
    }
  });
});
