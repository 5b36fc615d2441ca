import { addDays, formatISO } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminLicenseRow } from '../../shared/contract/lic.admin';
import { callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { licCall as lic, storeLicense, withUserId } from '../support/licenses';

const day = (offset: number) => formatISO(addDays(new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00`), offset), { representation: 'date' });
const ids = (rows: AdminLicenseRow[]) => rows.map((row) => row.id);

type Admin = Awaited<ReturnType<typeof createAdminUser>> & { id: number };
type Customer = Awaited<ReturnType<typeof createConfirmedUser>> & { id: number };

/** One page of every license, as the admin screen asks for it. */
async function allLicenses(admin: Admin, params: Record<string, unknown>) {
  const answer = await lic(admin.accessToken, 'get_all_licenses', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { rows: AdminLicenseRow[]; count: number };
}

describe('the admin list of every license', () => {
  let admin: Admin;
  let customer: Customer;
  /** A company only this customer has: filtering by it shows exactly their licenses. */
  const company = `List Co ${Date.now().toString(36)}`;
  const licenses: Record<string, number> = {};

  beforeAll(async () => {
    [admin, customer] = await Promise.all([createAdminUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    await callApi('user', { cmd: 'update_user_profile', first_name: 'List', last_name: 'Owner', company }, customer.accessToken);
    const store = async (name: string, fields: Parameters<typeof storeLicense>[1]) => {
      licenses[name] = (await storeLicense(customer.id, { valid_from: day(-400), ...fields })).id;
    };
    await store('valid', { valid_to: day(200) });
    await store('expiredLately', { license_type_id: 'Battery', valid_to: day(-10) });
    await store('expiredLongAgo', { valid_to: day(-100) });
    await store('perpetual', { license_type_id: 'Pro', valid_to: undefined });
    await store('endingSoon', { license_usage_id: 2, valid_to: day(20) });
  });

  it('shows by default what has not expired, newest first, 20 a page, with each owner’s email and company', async () => {
    const page = await allLicenses(admin, { user: company });
    expect(page.count).toBe(3);
    expect(ids(page.rows)).toEqual([licenses.endingSoon, licenses.perpetual, licenses.valid]);
    expect(page.rows[0]).toMatchObject({ user_id: customer.id, user: customer.email, company, license_usage_id: 2, days: 20, expired: false });

    const everyone = await allLicenses(admin, {});
    expect(everyone.rows.length).toBe(Math.min(20, everyone.count));
    expect(everyone.count).toBeGreaterThanOrEqual(3);
  });

  it('filters by expired in the last N days, expires within N days, type, usage, id and user id', async () => {
    expect(ids((await allLicenses(admin, { user: company, expired_in: 30 })).rows)).toContain(licenses.expiredLately);
    expect(ids((await allLicenses(admin, { user: company, expired_in: 30 })).rows)).not.toContain(licenses.expiredLongAgo);
    expect((await allLicenses(admin, { user: company, expired_in: 365 })).count).toBe(5);
    // Asked what expires within 30 days, a license with no end is not among them.
    expect(ids((await allLicenses(admin, { user: company, expires_within: 30 })).rows)).toEqual([licenses.endingSoon]);
    expect(ids((await allLicenses(admin, { user: company, license_type: 'Pro' })).rows)).toEqual([licenses.perpetual]);
    expect(ids((await allLicenses(admin, { user: company, license_usage_id: 2 })).rows)).toEqual([licenses.endingSoon]);
    expect(ids((await allLicenses(admin, { license_id: licenses.valid })).rows)).toEqual([licenses.valid]);
    expect((await allLicenses(admin, { user: String(customer.id), expired_in: 365 })).count).toBe(5);
    // A user id as a number, as ids are everywhere else.
    expect((await allLicenses(admin, { user: customer.id, expired_in: 365 })).count).toBe(5);
    expect((await allLicenses(admin, { user: customer.email.toUpperCase() })).count).toBe(3);
    // Filters a form leaves empty are no filters.
    expect((await allLicenses(admin, { user: company, license_id: '', license_type: null, license_usage_id: '', expired_in: '' })).count).toBe(3);
  });

  it('sorts by any column either way and pages with a steady order', async () => {
    const byState = await allLicenses(admin, { user: company, expired_in: 365, order_by: 'state' });
    expect(ids(byState.rows)).toEqual([licenses.expiredLongAgo, licenses.expiredLately, licenses.endingSoon, licenses.valid, licenses.perpetual]);
    const byType = await allLicenses(admin, { user: company, expired_in: 365, order_by: 'license_type_id', descending: true });
    expect(byType.rows.map((row) => row.license_type_id)).toEqual(['Pro', 'Battery', 'Automation', 'Automation', 'Automation']);
    const byUsage = await allLicenses(admin, { user: company, order_by: 'license_usage' });
    expect(byUsage.rows.map((row) => row.license_usage)).toEqual([...byUsage.rows.map((row) => row.license_usage)].sort());

    const pageOne = await allLicenses(admin, { user: company, expired_in: 365, order_by: 'id', limit: 2, page: 1 });
    const pageThree = await allLicenses(admin, { user: company, expired_in: 365, order_by: 'id', limit: 2, page: 3 });
    expect(ids(pageOne.rows)).toEqual([licenses.valid, licenses.expiredLately]);
    expect(ids(pageThree.rows)).toEqual([licenses.endingSoon]);
    expect(pageThree.count).toBe(5);
  });

  it('shows every change at once: an admin’s edit, a move, and the owner’s new company', async () => {
    await lic(admin.accessToken, 'update_license', { license_id: licenses.valid, license_usage_id: 6, valid_to: day(300) });
    expect((await allLicenses(admin, { license_id: licenses.valid })).rows[0]).toMatchObject({ license_usage_id: 6, valid_to: day(300) });

    const renamed = `${company} renamed`;
    await callApi('user', { cmd: 'update_user_profile', first_name: 'List', last_name: 'Owner', company: renamed }, customer.accessToken);
    expect((await allLicenses(admin, { license_id: licenses.valid })).rows[0]?.company).toBe(renamed);
    await callApi('user', { cmd: 'update_user_profile', first_name: 'List', last_name: 'Owner', company }, customer.accessToken);

    const other = await createConfirmedUser().then(withUserId);
    const moved = await storeLicense(customer.id, { valid_to: day(50) });
    expect((await lic(customer.accessToken, 'move_license', { license_id: moved.id, to_user_id: other.id })).status).toBe(200);
    expect((await allLicenses(admin, { license_id: moved.id })).rows[0]).toMatchObject({ user_id: other.id, user: other.email });

    const shared = await storeLicense(customer.id, { valid_to: day(50) });
    await lic(customer.accessToken, 'share_license', { license_id: shared.id, with_user_id: other.id });
    expect((await allLicenses(admin, { license_id: shared.id })).rows[0]?.shared_count).toBe(1);
  });

  it('refuses a column it cannot sort by, and a customer, changing nothing', async () => {
    const refused = await lic(admin.accessToken, 'get_all_licenses', { order_by: 'password' });
    expect(refused.status).toBe(400);
    expect(refused.body.status).toBe('error');
    expect((await lic(customer.accessToken, 'get_all_licenses', {})).status).toBe(403);
    expect((await lic(customer.accessToken, 'get_license_users', {})).status).toBe(403);
    expect((await lic(customer.accessToken, 'get_license_dongles', {})).status).toBe(403);
  });

  it('exports the filtered list as a CSV file served at /umdata/{filename}', async () => {
    const answer = await lic(admin.accessToken, 'get_license_users', { user: company, expiredIn: 30, order_by: 'id' });
    expect(answer.status).toBe(200);
    const { filename, time_alive } = answer.body.data as { filename: string; time_alive: number };
    expect(time_alive).toBeGreaterThan(0);
    const file = await fetch(`${stackContext().baseUrl}/umdata/${filename}`);
    expect(file.status).toBe(200);
    const lines = (await file.text()).trim().split('\n');
    expect(lines[0]).toBe('Id,Created,User id,User,Company,License type,License usage,Enabled,Valid from,Valid to,Reserved to,State,Shared with');
    const listed = await allLicenses(admin, { user: company, expired_in: 30, order_by: 'id', limit: 1000 });
    expect(lines.slice(1).map((line) => Number(line.split(',')[0]))).toEqual(ids(listed.rows));
    expect(ids(listed.rows)).toEqual(expect.arrayContaining([licenses.valid, licenses.expiredLately, licenses.perpetual, licenses.endingSoon]));
    expect(lines.find((line) => line.startsWith(`${licenses.expiredLately},`))).toContain('Expired 10 days ago');
  });

  it('names the user whose machine holds a seat by email', async () => {
    const held = await storeLicense(customer.id, { valid_to: day(150), reservation: { reserved_to: customer.id, fingerprint: 'fp-held', hostname: 'pc' } });
    const { rows } = await allLicenses(admin, { license_id: held.id });
    expect(rows).toEqual([expect.objectContaining({ id: held.id, reserved_to: customer.id, reserved_to_email: customer.email })]);
    const free = await allLicenses(admin, { license_id: licenses.valid });
    expect(free.rows[0]).toMatchObject({ reserved_to: null, reserved_to_email: null });
  });

  it('lists the licenses on a dongle with the dongle’s id', async () => {
    const hid = `DONGLE-${Date.now().toString(36)}`;
    const onDongle = await storeLicense(customer.id, { hid, valid_to: day(100) });
    const answer = await lic(admin.accessToken, 'get_license_dongles');
    const dongles = (answer.body.data as { dongles: { id: number; hid: string; license_id: number; user_id: number }[] }).dongles;
    expect(dongles[0]).toMatchObject({ hid, license_id: onDongle.id, user_id: customer.id, user_email: customer.email, id: onDongle.dongle_id });
    expect(dongles.every((dongle) => dongle.hid)).toBe(true);
  });
});

describe('the admin user detail', () => {
  it('answers the User information by its names: who the user is, their licenses as the admin rows show them, and what was moved to or from them', async () => {
    const [admin, owner, receiver] = await Promise.all([
      createAdminUser().then(withUserId),
      createConfirmedUser().then(withUserId),
      createConfirmedUser().then(withUserId),
    ]);
    const license = await storeLicense(owner.id);
    const lapsed = await storeLicense(receiver.id, { valid_from: day(-400), valid_to: day(-20) });
    await lic(owner.accessToken, 'move_license', { license_id: license.id, to_user_id: receiver.id });
    const answer = await callApi('user', { cmd: 'get_user_information', user_id: receiver.id }, admin.accessToken);
    const data = answer.body.data as Record<string, unknown> & { licenses: { id: number; user: string; expired: boolean }[] };
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['user_id', 'first_name', 'last_name', 'company', 'email', 'legacy', 'licenses', 'cases', 'products', 'userDownloads', 'userActions']),
    );
    expect(data).toMatchObject({
      user_id: receiver.id,
      email: receiver.email,
      username: receiver.username,
      legacy: false,
      cases: [],
      products: [],
      userDownloads: [],
      userActions: [
        {
          action: 'move_license',
          license_id: license.id,
          from_user_id: owner.id,
          to_user_id: receiver.id,
          by_user_id: owner.id,
          from_user_email: owner.email,
          to_user_email: receiver.email,
          by_user_email: owner.email,
        },
      ],
    });
    // Expired ones too, each as get_all_licenses shows it (the owner's email joined).
    expect(data.licenses.map(({ id, user, expired }) => ({ id, user, expired })).sort((a, b) => a.id - b.id)).toEqual(
      [
        { id: license.id, user: receiver.email, expired: false },
        { id: lapsed.id, user: receiver.email, expired: true },
      ].sort((a, b) => a.id - b.id),
    );
    const owners = await callApi('user', { cmd: 'get_user_information', user_id: owner.id }, admin.accessToken);
    expect((owners.body.data as { licenses: unknown[] }).licenses).toEqual([]);
    expect((await callApi('user', { cmd: 'get_user_information', user_id: receiver.id }, owner.accessToken)).status).toBe(403);
  });
});
