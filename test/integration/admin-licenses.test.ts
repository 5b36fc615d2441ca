import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { licenseMessages } from '../../shared/licenses/messages';
import { callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { licCall as lic, storeLicense as licenseFor, storedLicense as stored, withUserId as withId } from '../support/licenses';

describe('admin license actions', () => {
  it('creates a license for a user, perpetual when valid_to is empty', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const created = await lic(admin.accessToken, 'create_license', {
      user_id: customer.id,
      license_type_id: 'Battery',
      license_usage_id: 4,
      valid_from: '2026-11-23',
      valid_to: '',
    });
    const { license_id } = created.body.data as { license_id: number };
    expect(await stored(license_id)).toMatchObject({ user_id: customer.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-11-23' });
    expect((await stored(license_id))?.valid_to).toBeUndefined();

    for (const [params, message] of [
      [{ valid_to: '2026-01-01' }, licenseMessages.endBeforeStart],
      [{ license_usage_id: 99 }, licenseMessages.usageUnknown(99)],
      [{ user_id: 99_999_999 }, licenseMessages.userNotFound(99_999_999)],
    ] as const) {
      const valid = { user_id: customer.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-11-23', valid_to: '2027-11-23' };
      const refused = await lic(admin.accessToken, 'create_license', { ...valid, ...params });
      expect(refused.body).toEqual({ status: 'error', message });
    }
    expect((await lic(admin.accessToken, 'create_license', { user_id: customer.id, license_type_id: 'Battery', license_usage_id: 4, valid_from: '2026-02-30', valid_to: '' })).status).toBe(400);
  });

  it('edits usage and end, disables and enables a plain license, and refuses all of it on a subscription', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const plain = await licenseFor(customer.id);
    expect((await lic(admin.accessToken, 'update_license', { license_id: plain.id, license_usage_id: 2, valid_to: '2028-05-01' })).status).toBe(200);
    expect(await stored(plain.id)).toMatchObject({ license_usage_id: 2, valid_to: '2028-05-01', valid_from: '2026-01-01', license_type_id: 'Automation' });
    expect((await lic(admin.accessToken, 'update_license', { license_id: plain.id, license_usage_id: 2, valid_to: null })).status).toBe(200);
    expect((await stored(plain.id))?.valid_to).toBeUndefined();
    expect((await lic(admin.accessToken, 'disable_license', { license_id: plain.id })).status).toBe(200);
    expect((await stored(plain.id))?.enabled).toBe(false);
    expect((await lic(admin.accessToken, 'enable_license', { license_id: plain.id })).status).toBe(200);
    expect((await stored(plain.id))?.enabled).toBe(true);

    const subscription = await licenseFor(customer.id, { subscription_id: 77, subscription_state: 'active' });
    for (const [cmd, params] of [
      ['update_license', { license_usage_id: 2, valid_to: '2030-01-01' }],
      ['disable_license', {}],
      ['enable_license', {}],
    ] as const) {
      const refused = await lic(admin.accessToken, cmd, { license_id: subscription.id, ...params });
      expect(refused.body, cmd).toEqual({ status: 'error', message: licenseMessages.subscriptionEdit });
    }
    expect(await stored(subscription.id)).toMatchObject({ enabled: true, valid_to: '2027-01-01', license_usage_id: 4 });
  });

  it('adds, changes and removes a Pro license’s add-ons, BatteryValidation with 4 channels unless told', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const pro = await licenseFor(customer.id, { license_type_id: 'Pro' });
    await lic(admin.accessToken, 'add_license_addon', { license_id: pro.id, addon_id: 'Automation' });
    await lic(admin.accessToken, 'add_license_addon', { license_id: pro.id, addon_id: 'BatteryValidation' });
    expect((await stored(pro.id))?.addons).toEqual([{ id: 'Automation' }, { id: 'BatteryValidation', channels: 4 }]);
    await lic(admin.accessToken, 'update_license_addon', { license_id: pro.id, addon_id: 'BatteryValidation', attributes: { channels: 16 } });
    await lic(admin.accessToken, 'remove_license_addon', { license_id: pro.id, addon_id: 'Automation' });
    expect((await stored(pro.id))?.addons).toEqual([{ id: 'BatteryValidation', channels: 16 }]);

    const again = await lic(admin.accessToken, 'add_license_addon', { license_id: pro.id, addon_id: 'BatteryValidation' });
    expect(again.body.message).toBe(licenseMessages.addonPresent('BatteryValidation'));
    const plain = await licenseFor(customer.id);
    const refused = await lic(admin.accessToken, 'add_license_addon', { license_id: plain.id, addon_id: 'Battery' });
    expect(refused.body).toEqual({ status: 'error', message: licenseMessages.addonsOnlyPro });
  });

  it('releases a seat a machine holds, but not off a dongle', async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const held = await licenseFor(customer.id, { reservation: { reserved_to: customer.id, fingerprint: 'fp', hostname: 'pc' } });
    expect((await lic(admin.accessToken, 'return_license', { license_id: held.id, fingerprint: 'fp' })).status).toBe(200);
    expect((await stored(held.id))?.fingerprint).toBeUndefined();
    const dongle = await licenseFor(customer.id, { hid: 'D-7', reservation: { reserved_to: customer.id, fingerprint: 'fp', hostname: 'pc' } });
    expect((await lic(admin.accessToken, 'return_license', { license_id: dongle.id, fingerprint: 'fp' })).body.message).toBe(licenseMessages.onDongle);
  });

  it('refuses every admin cmd to a customer, and changes nothing', async () => {
    const customer = await createConfirmedUser().then(withId);
    const license = await licenseFor(customer.id);
    for (const [cmd, params] of [
      ['create_license', { user_id: customer.id, license_type_id: 'All', license_usage_id: 4, valid_from: '2026-01-01', valid_to: '' }],
      ['update_license', { license_id: license.id, license_usage_id: 1, valid_to: '' }],
      ['disable_license', { license_id: license.id }],
      ['add_license_addon', { license_id: license.id, addon_id: 'Battery' }],
    ] as const) {
      const refused = await lic(customer.accessToken, cmd, params);
      expect(refused.status, cmd).toBe(403);
      expect(refused.body.message).toBe(apiMessages.adminOnly);
    }
    expect(await stored(license.id)).toMatchObject({ enabled: true, license_usage_id: 4, valid_to: '2027-01-01' });
  });
});

describe('legacy purchases', () => {
  it("lets an admin allow a user's legacy purchases and take them back; a customer may not", async () => {
    const [admin, customer] = await Promise.all([createAdminUser().then(withId), createConfirmedUser().then(withId)]);
    const legacy = async () => ((await callApi('user', { cmd: 'get_user_profile' }, customer.accessToken)).body.data as { legacy: boolean }).legacy;
    expect(await legacy()).toBe(false);
    const allowed = await callApi('user', { cmd: 'set_user_legacy', user_id: customer.id, legacy: true }, admin.accessToken);
    expect(allowed.body).toEqual({ status: 'ok', data: { user_id: customer.id, legacy: true } });
    expect(await legacy()).toBe(true);
    await callApi('user', { cmd: 'set_user_legacy', user_id: customer.id, legacy: false }, admin.accessToken);
    expect(await legacy()).toBe(false);

    const refused = await callApi('user', { cmd: 'set_user_legacy', user_id: customer.id, legacy: true }, customer.accessToken);
    expect(refused.body).toEqual({ status: 'error', message: apiMessages.adminOnly });
    expect(await legacy()).toBe(false);
    const nobody = await callApi('user', { cmd: 'set_user_legacy', user_id: 99_999_999, legacy: true }, admin.accessToken);
    expect(nobody.body).toEqual({ status: 'error', message: apiMessages.userNotFound(99_999_999) });
  });
});
