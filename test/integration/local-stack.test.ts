// test tenant: with the demo's volume
import { get as httpGet, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { webConfigSchema } from '../../shared/web-config';
import type { LicenseRow } from '../../shared/contract/lic';
import { licenseStateText } from '../../shared/licenses/display';
import { asUnit, callApi, createAdminUser, createConfirmedUser, signIn, signUp, stackContext, uniqueIdentity } from '../support/api';
import { sandboxSubscription } from '../support/commerce';
import { withUserId } from '../support/licenses';
import { DEMO_CAMPAIGN_CODE } from '../../scripts/local/seed-codes';
import { seedDemoIvCurves } from '../../scripts/local/seed-iv-curves';
import { seedDemoLicenses } from '../../scripts/local/seed-licenses';
import { seedDemoSubscriptions } from '../../scripts/local/seed-subscriptions';
import { DEMO_CUSTOMERS } from '../../scripts/local/seed-users';
import type { UserListRow } from '../../shared/contract/user.admin';
import type { AuditEntry } from '../../shared/audit/entries';

describe('the local stack as the browser sees it', () => {
  const { baseUrl, localStack } = stackContext();

  it('serves /config.json with the pool, client and the emulator endpoint', async () => {
    const response = await fetch(`${baseUrl}/config.json`);
    expect(response.status).toBe(200);
    const config = webConfigSchema.parse(await response.json());
    expect(config).toMatchObject({
      region: 'us-east-1',
      userPoolId: localStack.resources.userPoolId,
      userPoolClientId: localStack.resources.userPoolClientId,
      cognitoEndpoint: localStack.endpoints.cognito,
      apiBase: '/api',
      local: true,
    });
  });

  it('serves the SPA for any route, as CloudFront does with its index.html fallback', async () => {
    for (const path of ['/', '/profile', '/signin?redirect=/download', '/some/deep/link']) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/<div id="root">/);
    }
  });

  it('serves the web app as production serves it: React’s production build, even under a test runner', async () => {
    // vitest runs with NODE_ENV=test, under which Vite would build React's development build (dev warnings).
    const index = await (await fetch(`${baseUrl}/`)).text();
    const scripts = [...index.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      const code = await (await fetch(`${baseUrl}${script}`)).text();
      expect(code, script).not.toContain('Each child in a list should have a unique');
    }
  });

  it('serves files of the data bucket under /data', async () => {
    const { S3Client, PutObjectCommand } = await import('@aws-sdk/client-s3');
    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: localStack.endpoints.s3,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await s3.send(
      new PutObjectCommand({
        Bucket: localStack.resources.buckets.data!,
        // Not versions.json: the seeded release list is what the download tests read.
        Key: 'local-stack-probe.json',
        Body: JSON.stringify({ otii: [] }),
        ContentType: 'application/json',
      }),
    );
    const response = await fetch(`${baseUrl}/data/local-stack-probe.json?t=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ otii: [] });
    expect((await fetch(`${baseUrl}/data/missing.json`)).status).toBe(404);
  });
});

/** A GET with the headers given as they are (fetch would not send a Host of our choosing). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
  });
}

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** This machine's addresses other than loopback: where another machine would reach it. */
const outsideAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((address) => address && !address.internal)
  .map((address) => address!.address);

describe('the demo data', () => {
  it('gives demo licenses in every state a license is seen in', async () => {
    const { demoPassword } = stackContext();
    const { accessToken } = await signIn('demo', demoPassword);
    const response = await callApi('lic/5', { cmd: 'get_licenses' }, accessToken);
    const rows = (response.body.data as { licenses: LicenseRow[] }).licenses;
    const texts = rows.map((row) => licenseStateText(row));
    for (const pattern of [
      /^Expires in \d+ days$/,
      /^Expired \d+ days ago$/,
      /^Perpetual$/,
      /^Disabled/,
      /^Renews in \d+ days$/,
      /^Canceled, expires in \d+ days$/,
      /^$/,
    ]) {
      expect(texts.some((text) => pattern.test(text)), String(pattern)).toBe(true);
    }
    expect(rows.some((row) => row.hostname && row.reserved_to)).toBe(true);
    expect(rows.some((row) => row.hid)).toBe(true);
    expect(rows.some((row) => row.shared_by === 'admin')).toBe(true);
  });

  it('gives the demo customer support cases in every state, with comments from both sides and a downloadable attachment', async () => {
    const { demoPassword, baseUrl } = stackContext();
    const { accessToken } = await signIn('demo', demoPassword);
    const listed = (await callApi('case', { cmd: 'get_cases' }, accessToken)).body.data as { cases: { id: number; state: number }[] };
    expect([...new Set(listed.cases.map((kase) => kase.state))].sort()).toEqual([0, 1, 2, 3]);
    const details = await Promise.all(
      listed.cases.map(async (kase) => (await callApi('case', { cmd: 'get_case', id: kase.id }, accessToken)).body.data as { comments: { by_admin: boolean }[]; attachments: { link: string | null }[] }),
    );
    expect(details.some((kase) => kase.comments.some((comment) => comment.by_admin) && kase.comments.some((comment) => !comment.by_admin))).toBe(true);
    const link = details.flatMap((kase) => kase.attachments).find((attachment) => attachment.link)?.link;
    expect((await fetch(`${baseUrl}${link}`)).status).toBe(200);
  });

  it('fills the admin users screens: customers of several companies with holdings and the newsletter, downloads and a history of admin actions', async () => {
    const admin = await createAdminUser();
    const user = (cmd: string, params: Record<string, unknown> = {}) => callApi('user', { cmd, ...params }, admin.accessToken);
    const users = async (params: Record<string, unknown>) => (await user('get_users', { limit: 100, ...params })).body.data as { users: UserListRow[]; count: number };
    const everyone: UserListRow[] = [];
    for (let page = 1, count = Infinity; everyone.length < count; page++) {
      const answer = await users({ search: '@example.com', page });
      everyone.push(...answer.users);
      count = answer.users.length ? answer.count : 0;
    }
    const seeded = everyone.filter((row) => /^[a-z]+\.[a-z]+\d+@example\.com$/.test(row.email));
    expect(seeded).toHaveLength(DEMO_CUSTOMERS);
    expect(new Set(seeded.map((row) => row.company)).size).toBeGreaterThanOrEqual(5);
    for (const column of ['arc', 'ace', 'pro', 'automation', 'battery'] as const) expect(seeded.some((row) => row[column] > 0), column).toBe(true);
    expect((await user('get_user_statistics')).body.data).toMatchObject({ newsletter_count: expect.any(Number) });
    expect(((await user('get_user_statistics')).body.data as { newsletter_count: number }).newsletter_count).toBeGreaterThanOrEqual(DEMO_CUSTOMERS / 3);

    // Each seeded row's counts are what the customer holds.
    const holder = seeded.find((row) => row.pro >= 2 && row.arc > 0)!;
    const detail = (await user('get_user_information', { user_id: holder.id })).body.data as { licenses: { license_type_id: string }[]; products: { product_id: string }[] };
    expect(holder.pro).toBe(detail.licenses.filter((license) => license.license_type_id === 'Pro').length);
    expect(holder.arc).toBe(detail.products.filter((product) => product.product_id === 'Arc').length);

    // The demo admin's actions on /audit, and downloads on the user details.
    const demoAdmin = (await users({ search: 'admin@example.com' })).users.find((row) => row.email === 'admin@example.com')!;
    const audit = (await user('get_audit_entries', { by_user_id: demoAdmin.id, limit: 100 })).body.data as { entries: AuditEntry[]; count: number };
    expect(audit.count).toBeGreaterThanOrEqual(30);
    for (const action of ['create_license', 'update_license', 'disable_license', 'add_license_addon', 'move_license', 'set_user_legacy']) {
      expect(audit.entries.some((entry) => entry.action === action), action).toBe(true);
    }
    const demo = (await users({ search: 'demo@example.com' })).users.find((row) => row.email === 'demo@example.com')!;
    const downloads = async (id: number) => ((await user('get_user_information', { user_id: id })).body.data as { userDownloads: unknown[] }).userDownloads;
    expect((await downloads(demo.id)).length).toBeGreaterThan(0);
    expect((await Promise.all(seeded.slice(0, 6).map((row) => downloads(row.id)))).some((list) => list.length > 0)).toBe(true);
  });
});

describe('the demo data as objects one can act on', () => {
  const lic = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('lic/5', { cmd, ...params }, token);
  const licensesOf = async (token: string) => ((await lic(token, 'get_licenses')).body.data as { licenses: LicenseRow[] }).licenses;

  it('gives every seeded subscription license its subscription, here and at the provider', async () => {
    const { demoPassword } = stackContext();
    const [demo, boss] = await Promise.all([signIn('demo', demoPassword), createAdminUser()]);
    const subscribed = (await licensesOf(demo.accessToken)).filter((row) => row.subscription_id !== null);
    // What the admin's subscription screens offer: a Pro subscription with one add-on (Convert) and a canceled one.
    expect(subscribed.some((row) => row.license_type_id === 'Pro' && row.addons.length === 1 && row.subscription_state === 'active')).toBe(true);
    expect(subscribed.some((row) => row.subscription_state === 'canceled')).toBe(true);
    for (const license of subscribed) {
      const detail = await lic(boss.accessToken, 'get_subscription', { subscription_id: license.subscription_id });
      expect(detail.body, `subscription ${license.subscription_id} of license ${license.id}`).toMatchObject({
        status: 'ok',
        data: { license_id: license.id, user: 'demo@example.com', state: license.subscription_state, url: expect.any(String) },
      });
      expect(sandboxSubscription((detail.body.data as { reference: string }).reference), `license ${license.id} at the provider`).toBeDefined();
    }
  });

  it('acts on a copy of the demo data as on real objects: subscriptions, licenses, shares, seats, curves', async () => {
    const { baseUrl } = stackContext();
    const [owner, other, boss] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId), createAdminUser()]);
    // The seed `npm start` runs, for fresh users: the demo's own data stays as the other tests read it.
    await asUnit({ endpoint: 'lic' }, async () => {
      await seedDemoLicenses(owner.id, { id: other.id, username: other.username });
      await seedDemoSubscriptions(baseUrl, { id: owner.id, email: owner.email, first_name: 'Test', last_name: 'User' });
    });
    await asUnit({ endpoint: 'user' }, () => seedDemoIvCurves(owner.id, other.id));
    const mine = await licensesOf(owner.accessToken);

    // Subscriptions: the Pro one with its add-on converts and then cancels; the canceled one opens as canceled.
    const convertible = mine.find((row) => row.license_type_id === 'Pro' && row.addons.length === 1 && row.subscription_state === 'active')!;
    expect((await lic(boss.accessToken, 'convert_pro_subscription', { subscription_id: convertible.subscription_id })).status).toBe(200);
    expect((await lic(boss.accessToken, 'cancel_subscription', { license_id: convertible.id })).body).toMatchObject({ status: 'ok', data: { state: 'canceled' } });
    const canceled = mine.find((row) => row.subscription_state === 'canceled')!;
    expect((await lic(boss.accessToken, 'get_subscription', { subscription_id: canceled.subscription_id })).body).toMatchObject({ status: 'ok', data: { state: 'canceled' } });

    // Every plain license of one's own: an admin edits it, and disables and enables it.
    const plain = mine.filter((row) => row.subscription_id === null && row.shared_by === null);
    for (const license of plain) {
      const edit = await lic(boss.accessToken, 'update_license', { license_id: license.id, license_usage_id: license.license_usage_id, valid_to: license.valid_to });
      expect(edit.status, `edit license ${license.id}`).toBe(200);
      const [first, second] = license.enabled ? ['disable_license', 'enable_license'] : ['enable_license', 'disable_license'];
      for (const cmd of [first!, second!]) expect((await lic(boss.accessToken, cmd, { license_id: license.id })).status, `${cmd} ${license.id}`).toBe(200);
    }
    // The seat a machine holds is given back by that machine; the dongle's license is among the dongles.
    const held = plain.find((row) => row.fingerprint)!;
    expect((await lic(owner.accessToken, 'return_license', { license_id: held.id, fingerprint: held.fingerprint })).status).toBe(200);
    const onDongle = plain.find((row) => row.hid)!;
    const { dongles } = (await lic(boss.accessToken, 'get_license_dongles')).body.data as { dongles: { license_id: number; user_id: number }[] };
    expect(dongles).toContainEqual(expect.objectContaining({ license_id: onDongle.id, user_id: owner.id }));
    // The license shared with them: its owner stops sharing it. One of their own moves to another user.
    const shared = mine.find((row) => row.shared_by !== null)!;
    expect((await lic(other.accessToken, 'cancel_share_license', { license_id: shared.id, with_user_id: owner.id })).status).toBe(200);
    // (Not the floating one: a machine's borrowed lease runs on it.)
    const movable = plain.find((row) => row.enabled && !row.fingerprint && !row.hid && !row.expired && row.seats === undefined)!;
    expect((await lic(owner.accessToken, 'move_license', { license_id: movable.id, to_user_id: other.id })).status).toBe(200);

    // Their IV curves: each file downloads, and each curve can be deleted.
    const curves = ((await callApi('user', { cmd: 'get_iv_curves' }, owner.accessToken)).body.data as { curves: { id: number; user_id: number }[] }).curves;
    const own = curves.filter((curve) => curve.user_id === owner.id);
    expect(own).toHaveLength(2);
    for (const curve of own) {
      expect((await callApi('user', { cmd: 'get_iv_curve_file', id: curve.id }, owner.accessToken)).status).toBe(200);
      expect((await callApi('user', { cmd: 'delete_iv_curve', id: curve.id }, owner.accessToken)).status).toBe(200);
    }
  });

  it('redeems the seeded license codes as real ones: the campaign code and a single-use code', async () => {
    const [customer, boss] = await Promise.all([createConfirmedUser(), createAdminUser()]);
    const { codes } = (await lic(boss.accessToken, 'get_license_codes', { search: 'Demo' })).body.data as { codes: { code: string; single_usage: boolean; user_id: number }[] };
    expect(codes.map((code) => code.code)).toContain(DEMO_CAMPAIGN_CODE);
    const singleUse = codes.find((code) => code.single_usage)!;
    for (const code of [DEMO_CAMPAIGN_CODE, singleUse.code]) {
      expect((await lic(customer.accessToken, 'redeem_license_code', { code })).body, code).toMatchObject({ status: 'ok', data: { license_id: expect.any(Number) } });
    }
    expect((await licensesOf(customer.accessToken)).map((row) => row.license_type_id).sort()).toEqual(['Automation', 'Battery']);
  });

  it('registers the demo customer’s seeded units to them, as units production knows', async () => {
    const { demoPassword } = stackContext();
    const demo = await signIn('demo', demoPassword);
    const { products } = (await callApi('product', { cmd: 'get_products' }, demo.accessToken)).body.data as { products: { uid: string }[] };
    expect(products).toHaveLength(2);
    // Registering one's own unit again is what the desktop app does on every connection.
    for (const { uid } of products) expect((await callApi('product', { cmd: 'register_product', uid }, demo.accessToken)).status, uid).toBe(200);
  });
});

describe('the local stack on the network', () => {
  it.skipIf(outsideAddresses.length === 0)('listens on 127.0.0.1 only: the portal and every emulator refuse other addresses', async () => {
    const { baseUrl, localStack } = stackContext();
    for (const url of [baseUrl, ...Object.values(localStack.endpoints)]) {
      const port = Number(new URL(url).port);
      expect(await accepts('127.0.0.1', port), url).toBe(true);
      for (const address of outsideAddresses) expect(await accepts(address, port), `${url} on ${address}`).toBe(false);
    }
  });
});

describe('the local CloudFront stand-in', () => {
  it('replaces an origin-verify header the viewer sent with the secret, as CloudFront does', async () => {
    const { baseUrl } = stackContext();
    const response = await fetch(`${baseUrl}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: 'a guess' },
      body: JSON.stringify({ cmd: 'get_user_profile' }),
    });
    // Through to the endpoint, which then asks for a token: not the 403 of a call around the distribution.
    expect(response.status).toBe(401);
  });
});

/**
 * A request with the path exactly as written (fetch and http.get would normalize "%2e%2e" and "..").
 * Answers the status, the headers and the body.
 */
function rawRequest(
  url: string,
  path: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.once('error', reject);
    request.end();
  });
}

describe('the local file paths', () => {
  const { baseUrl } = stackContext();

  it('refuse a traversal in every encoding on every path that reads files or objects', async () => {
    const traversals = ['..%2F..%2Fsecrets.json', '..%2f..%2fsecrets.json', '%2e%2e/%2e%2e/secrets.json', '%2E%2E%2Fsecrets.json', '..%252F..%252Fsecrets.json', '%252e%252e/x', '..\\..\\secrets.json', '..%5C..%5Csecrets.json', '../../secrets.json', 'x%00.json'];
    for (const prefix of ['/umdata/', '/data/', '/downloads/', '/attachments/', '/assets/', '/', '/local/checkout/']) {
      for (const traversal of traversals) {
        const answer = await rawRequest(baseUrl, `${prefix}${traversal}`);
        expect(answer.status, `${prefix}${traversal}`).toBe(400);
        expect(answer.body, `${prefix}${traversal}`).not.toMatch(/<div id="root">|secret/i);
      }
    }
    // The same places still serve what they hold.
    expect((await rawRequest(baseUrl, '/data/versions.json')).status).toBe(200);
    expect((await rawRequest(baseUrl, '/profile')).status).toBe(200);
  });
});

describe('the local data folder', () => {
  const { localStack } = stackContext();
  const mailboxFile = localStack.functionEnv[ENV.localMailboxFile]!;
  const dataDir = dirname(mailboxFile);
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('keeps cognito-local’s data and the mailbox to its owner', async () => {
    // A sign-up mails a code: the mailbox exists.
    const { username, email } = uniqueIdentity();
    await signUp({ username, email });
    expect(modeOf(mailboxFile)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'cognito'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'cognito', '.cognito'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'cognito', '.cognito', 'config.json'))).toBe(0o600);
  });
});

describe('cognito-local', () => {
  const { baseUrl, localStack } = stackContext();
  const preflight = (origin: string) =>
    rawRequest(localStack.endpoints.cognito, '/', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent' },
    });

  it('answers the portal’s own pages, and no other origin', async () => {
    const own = await preflight(new URL(baseUrl).origin);
    expect(own.status).toBeLessThan(300);
    expect(own.headers['access-control-allow-origin']).toBeDefined();

    for (const origin of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
      const foreign = await preflight(origin);
      expect(foreign.status, origin).toBe(403);
      expect(foreign.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // A foreign page's call itself is refused too, not only its preflight.
    const call = await rawRequest(localStack.endpoints.cognito, '/', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools' },
    });
    expect(call.status).toBe(403);
  });
});

describe('the local mailbox', () => {
  const { baseUrl } = stackContext();
  const host = new URL(baseUrl).host;

  it('answers this machine, and refuses a foreign Host and a cross-site request', async () => {
    expect(await rawGet(`${baseUrl}/local/mailbox.json`, { host })).toBe(200);
    expect(await rawGet(`${baseUrl}/local/mailbox.json`, { host: 'attacker.example' })).toBe(403);
    expect(await rawGet(`${baseUrl}/local/mailbox.json`, { host, origin: 'https://attacker.example' })).toBe(403);
    expect(await rawGet(`${baseUrl}/local/mailbox`, { host, 'sec-fetch-site': 'cross-site' })).toBe(403);
  });
});
