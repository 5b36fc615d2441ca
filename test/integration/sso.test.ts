import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { PORTAL_FORUM_GROUPS } from '../../functions/sso/forum-groups';
import { callApi, createConfirmedUser, signIn, stackContext } from '../support/api';
import { storeLicense, storeLicenseChange, withUserId } from '../support/licenses';
import { newDevice, productCall, storeDevices } from '../support/products';

/** The forum's side of DiscourseConnect, written independently of the portal's code. */
const { localStack, demoPassword } = stackContext();
const secret = localStack.functionEnv.SSO_SECRET!;
const hmac = (text: string, key = secret) => createHmac('sha256', key).update(text).digest('hex');
const forumRequest = (nonce: string, fields: Record<string, string> = {}) => {
  const sso = Buffer.from(
    new URLSearchParams({ nonce, return_sso_url: 'https://forum.example.com/session/sso_login', ...fields }).toString(),
  ).toString('base64');
  return { sso, sig: hmac(sso) };
};
const ssoCall = (body: Record<string, string>, token?: string) => callApi('sso', { cmd: 'sso_sign_in', ...body }, token);

describe('single sign-on for the forum', () => {
  it('answers a signed request with the signed identity of the user', async () => {
    const { idToken, accessToken } = await signIn('demo', demoPassword);
    const profile = (await callApi('user', { cmd: 'get_user_profile' }, accessToken)).body.data as Record<string, unknown>;
    const res = await ssoCall(forumRequest('nonce-1'), idToken);
    expect(res.status).toBe(200);
    const data = res.body.data as { return_sso_url: string; sso: string; sig: string };
    expect(data.return_sso_url).toBe('https://forum.example.com/session/sso_login');
    expect(data.sig).toBe(hmac(data.sso));
    expect(data.sso).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const { add_groups, remove_groups, ...fields } = Object.fromEntries(new URLSearchParams(Buffer.from(data.sso, 'base64').toString()));
    expect(fields).toEqual({
      nonce: 'nonce-1',
      email: profile.email,
      external_id: String(profile.id),
      username: 'demo',
      name: `${profile.first_name} ${profile.last_name}`,
      admin: 'false',
    });
    // Every portal group is named once, in one of the two lists, and no other group.
    expect([...(add_groups ?? '').split(','), ...(remove_groups ?? '').split(',')].filter(Boolean).sort()).toEqual([...PORTAL_FORUM_GROUPS].sort());
  });

  it('tells the forum that an administrator is one', async () => {
    const { idToken } = await signIn('admin', demoPassword, stackContext().demoAdminTotpSecret);
    const data = (await ssoCall(forumRequest('nonce-2'), idToken)).body.data as { sso: string };
    const fields = new URLSearchParams(Buffer.from(data.sso, 'base64').toString());
    expect(fields.get('admin')).toBe('true');
    expect(fields.get('add_groups')?.split(',')).toContain('portal-admins');
  });

  it('refuses a tampered payload, a tampered signature and one made with another secret', async () => {
    const { idToken } = await signIn('demo', demoPassword);
    const good = forumRequest('nonce-3');
    const tamperedPayload = { sso: forumRequest('nonce-4').sso, sig: good.sig };
    const tamperedSig = { sso: good.sso, sig: `${good.sig.slice(0, -2)}${good.sig.endsWith('00') ? '11' : '00'}` };
    const otherSecret = { sso: good.sso, sig: hmac(good.sso, 'not-the-secret') };
    for (const body of [tamperedPayload, tamperedSig, otherSecret, { sso: good.sso, sig: 'nothex' }]) {
      const res = await ssoCall(body, idToken);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', message: 'Single sign-on request has an invalid signature' });
    }
  });

  it('refuses a correctly signed payload without a return URL', async () => {
    const { idToken } = await signIn('demo', demoPassword);
    const sso = Buffer.from('nonce=only').toString('base64');
    const res = await ssoCall({ sso, sig: hmac(sso) }, idToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Single sign-on request is malformed');
  });

  it('needs the id token: no token, or an access token, is refused', async () => {
    const { accessToken } = await signIn('demo', demoPassword);
    const missing = await ssoCall(forumRequest('nonce-5'));
    expect(missing.status).toBe(401);
    expect(missing.body.message).toBe(apiMessages.missingToken);
    const wrongKind = await ssoCall(forumRequest('nonce-6'), accessToken);
    expect(wrongKind.status).toBe(401);
    expect(wrongKind.body.message).toBe(apiMessages.invalidToken);
  });
});

/** A UTC day `offset` days from today, as license dates are written. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The forum groups a signed answer sets, as the forum reads them. */
const groupsOf = (data: unknown) => {
  const fields = new URLSearchParams(Buffer.from((data as { sso: string }).sso, 'base64').toString());
  const list = (name: string) => (fields.get(name) ?? '').split(',').filter(Boolean);
  return { add: list('add_groups'), remove: list('remove_groups') };
};

describe('the forum groups in the single sign-on answer', () => {
  it('follow the user’s licenses and units: a license that ends or is disabled leaves its group at the next sign-in', async () => {
    const user = await createConfirmedUser().then(withUserId);
    const automation = await storeLicense(user.id, { license_type_id: 'Automation', valid_from: day(-30), valid_to: day(30) });
    const battery = await storeLicense(user.id, { license_type_id: 'Battery', valid_from: day(-30), valid_to: day(400) });
    const device = newDevice({ product_id: 'Ace' });
    await storeDevices(device);
    expect((await productCall(user.accessToken, 'register_product', { uid: device.uid })).status).toBe(200);

    const before = groupsOf((await ssoCall(forumRequest(`groups-${user.id}-1`), user.idToken)).body.data);
    expect(before.add).toEqual(['license-automation', 'license-battery', 'hardware-ace']);
    expect(before.remove).toEqual(PORTAL_FORUM_GROUPS.filter((group) => !before.add.includes(group)));

    // The Automation license ended two days ago; the Battery one is disabled.
    await storeLicenseChange(automation.id, { valid_to: day(-2) });
    await storeLicenseChange(battery.id, { enabled: false });
    const after = groupsOf((await ssoCall(forumRequest(`groups-${user.id}-2`), user.idToken)).body.data);
    expect(after.add).toEqual(['hardware-ace']);
    expect(after.remove).toEqual(expect.arrayContaining(['license-automation', 'license-battery', 'portal-admins']));
    expect([...after.add, ...after.remove].sort()).toEqual([...PORTAL_FORUM_GROUPS].sort());
  });
});
