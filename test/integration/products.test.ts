import { addHours } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { LocalMail } from '../../functions/lib/adapters/local-outbox';
import {
  CERTIFICATE_REQUEST_INTERVAL_HOURS,
  certificateRequestsOf,
  findProductByUid,
  saveCertificateRequest,
} from '../../functions/domain/products/products.repository';
import { userActions } from '../../functions/domain/audit/audit.repository';
import { FAILED_REGISTRATIONS_PER_HOUR, MAX_PRODUCT_MOVES_PER_DAY, attemptLimits } from '../../shared/contract/limits';
import { attemptLimit, takeAttempt } from '../../functions/lib/db/attempt-limit';
import { productMessages } from '../../shared/products/messages';
import { ALL_PRODUCTS_PAGE_SIZE, PRODUCT_CSV_ROWS } from '../../shared/contract/product.admin';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { withUserId } from '../support/licenses';
import { newDevice, productCall as product, storeDevices } from '../support/products';

const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);
const { baseUrl } = stackContext();

type Product = { id: number; uid: string; user_id: number; product_id: string; hardware_version: string; ean: string; created: string };
const mine = async (token: string) => ((await product(token, 'get_products')).body.data as { products: Product[] }).products;
/** A unit production made, registered to `owner`. */
async function registered(owner: { accessToken: string }, fields = {}) {
  const device = newDevice(fields);
  await storeDevices(device);
  const answer = await product(owner.accessToken, 'register_product', { uid: device.uid });
  expect(answer.body.status).toBe('ok');
  return { device, product: answer.body.data as Product };
}
const address = { address1: 'Storgatan 1', address2: 'Floor 3', zipCode: '211 34', city: 'Malmö', state: '', country: 'Sweden' };

describe('registering a unit', () => {
  it('registers a unit production knows, with its product id, hardware version and EAN, once', async () => {
    const owner = await customer();
    const device = newDevice({ product_id: 'Ace', hardware_version: '2.1', ean: '7350063470024' });
    await storeDevices(device);
    const first = await product(owner.accessToken, 'register_product', { uid: device.uid });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ uid: device.uid, user_id: owner.id, product_id: 'Ace', hardware_version: '2.1', ean: '7350063470024', license_id: null });
    const again = await product(owner.accessToken, 'register_product', { uid: device.uid });
    expect(again.body.data).toEqual(first.body.data);
    expect(await mine(owner.accessToken)).toEqual([expect.objectContaining({ uid: device.uid, id: (first.body.data as Product).id })]);
  });

  it('takes a uid in any case as the upper-case unit production stored', async () => {
    const owner = await customer();
    const device = newDevice();
    await storeDevices(device);
    const answer = await product(owner.accessToken, 'register_product', { uid: device.uid.toLowerCase() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ uid: device.uid, user_id: owner.id });
    const again = await product(owner.accessToken, 'register_product', { uid: ` ${device.uid.slice(0, 3).toLowerCase()}${device.uid.slice(3)}` });
    expect(again.body.data).toEqual(answer.body.data);
    expect((await mine(owner.accessToken)).map((p) => p.uid)).toEqual([device.uid]);
  });

  it('refuses a unit production does not know', async () => {
    const owner = await customer();
    const answer = await product(owner.accessToken, 'register_product', { uid: 'NOSUCHUNIT1' });
    expect(answer).toEqual({ status: 404, body: { status: 'error', message: productMessages.unknownUnit('NOSUCHUNIT1') } });
    expect(await mine(owner.accessToken)).toEqual([]);
  });

  it("refuses a unit another user holds, and leaves it theirs", async () => {
    const [owner, other] = await Promise.all([customer(), customer()]);
    const { device } = await registered(owner);
    const answer = await product(other.accessToken, 'register_product', { uid: device.uid });
    expect(answer).toEqual({ status: 409, body: { status: 'error', message: productMessages.heldByAnotherUser(device.uid) } });
    expect(await mine(other.accessToken)).toEqual([]);
    expect((await mine(owner.accessToken)).map((p) => p.uid)).toEqual([device.uid]);
  });

  it('registers a unit once when two users try at the same moment', async () => {
    const [a, b] = await Promise.all([customer(), customer()]);
    const device = newDevice();
    await storeDevices(device);
    const answers = await Promise.all([a, b].map((user) => product(user.accessToken, 'register_product', { uid: device.uid })));
    expect(answers.filter((answer) => answer.body.status === 'ok')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(1);
  });

  it('stops a user after 20 failed registrations in the hour, however fast they come, and registers nothing past them', async () => {
    const [prober, owner, other] = await Promise.all([customer(), customer(), customer()]);
    const { device: theirs } = await registered(owner);
    const { device: own } = await registered(prober);
    // Registering one's own unit again succeeds, and successes do not count.
    for (let i = 0; i < 3; i++) expect((await product(prober.accessToken, 'register_product', { uid: own.uid })).status).toBe(200);

    const guesses = Array.from({ length: FAILED_REGISTRATIONS_PER_HOUR + 5 }, (_, i) => (i % 5 === 0 ? theirs.uid : `NOSUCHUNIT${i}`));
    const answers = await Promise.all(guesses.map((uid) => product(prober.accessToken, 'register_product', { uid })));
    const limited = { status: 429, body: { status: 'error', message: attemptLimits.registerProduct.message } };
    expect(answers.filter((answer) => answer.status === 404 || answer.status === 409)).toHaveLength(FAILED_REGISTRATIONS_PER_HOUR);
    expect(answers.filter((answer) => answer.status === 429)).toEqual(Array.from({ length: 5 }, () => limited));

    // Past the limit even a unit that is free is not registered.
    const free = newDevice();
    await storeDevices(free);
    expect(await product(prober.accessToken, 'register_product', { uid: free.uid })).toEqual(limited);
    expect((await mine(prober.accessToken)).map((p) => p.uid)).toEqual([own.uid]);
    expect((await mine(owner.accessToken)).map((p) => p.uid)).toEqual([theirs.uid]);
    // The limit is the prober's alone.
    expect((await product(other.accessToken, 'register_product', { uid: free.uid })).status).toBe(200);
  });
});

describe('moving a product', () => {
  it('gives an owned product to another user and records the move for both', async () => {
    const [owner, colleague] = await Promise.all([customer(), customer()]);
    const { device, product: registration } = await registered(owner);
    const moved = await product(owner.accessToken, 'move_product', { product_id: registration.id, to_user_id: colleague.id });
    expect(moved.body).toEqual({ status: 'ok', data: { product_id: registration.id, uid: device.uid, user_id: colleague.id } });
    expect(await mine(owner.accessToken)).toEqual([]);
    expect(await mine(colleague.accessToken)).toEqual([expect.objectContaining({ id: registration.id, user_id: colleague.id })]);
    for (const userId of [owner.id, colleague.id]) {
      const actions = await asUnit({ endpoint: 'product' }, () => userActions(userId));
      expect(actions[0]).toMatchObject({ action: 'move_product', product_id: registration.id, from_user_id: owner.id, to_user_id: colleague.id, by_user_id: owner.id });
    }
  });

  it(`refuses a customer's move after ${MAX_PRODUCT_MOVES_PER_DAY} in a day, and the unit stays theirs`, async () => {
    const [owner, colleague] = await Promise.all([customer(), customer()]);
    const { product: registration } = await registered(owner);
    await asUnit({ endpoint: 'product' }, () => Promise.all(Array.from({ length: MAX_PRODUCT_MOVES_PER_DAY }, () => takeAttempt(attemptLimit('moveProduct'), owner.id))));
    const refused = await product(owner.accessToken, 'move_product', { product_id: registration.id, to_user_id: colleague.id });
    expect(refused).toEqual({ status: 429, body: { status: 'error', message: attemptLimits.moveProduct.message } });
    expect((await mine(owner.accessToken)).map((p) => p.id)).toEqual([registration.id]);
  });

  it("refuses to move another user's product, which stays theirs", async () => {
    const [owner, stranger] = await Promise.all([customer(), customer()]);
    const { product: registration } = await registered(owner);
    const refused = await product(stranger.accessToken, 'move_product', { product_id: registration.id, to_user_id: stranger.id });
    expect(refused).toEqual({ status: 404, body: { status: 'error', message: productMessages.notFound(registration.id) } });
    expect((await mine(owner.accessToken)).map((p) => p.id)).toEqual([registration.id]);
  });

  it('refuses a move to a user who does not exist, or to the owner', async () => {
    const owner = await customer();
    const { product: registration } = await registered(owner);
    expect((await product(owner.accessToken, 'move_product', { product_id: registration.id, to_user_id: 99_999_999 })).body).toEqual({
      status: 'error',
      message: productMessages.userNotFound(99_999_999),
    });
    expect((await product(owner.accessToken, 'move_product', { product_id: registration.id, to_user_id: owner.id })).status).toBe(400);
  });

  it('lets an admin move any product, and shows the moves in the user detail', async () => {
    const [owner, colleague, boss] = await Promise.all([customer(), customer(), admin()]);
    const { product: registration } = await registered(owner);
    expect((await product(boss.accessToken, 'move_product', { product_id: registration.id, to_user_id: colleague.id })).body.status).toBe('ok');
    const detail = await callApi('user', { cmd: 'get_user_information', user_id: colleague.id }, boss.accessToken);
    const data = detail.body.data as { products: Product[]; userActions: { action: string; product_id: number | null; by_user_id: number }[] };
    expect(data.products.map((p) => p.id)).toEqual([registration.id]);
    expect(data.userActions[0]).toMatchObject({ action: 'move_product', product_id: registration.id, by_user_id: boss.id });
  });
});

describe('asking for a calibration certificate', () => {
  it('keeps the request and mails it to support', async () => {
    const owner = await customer();
    const { device } = await registered(owner);
    const answer = await product(owner.accessToken, 'request_certificate', { uid: device.uid, ...address });
    expect(answer.body).toEqual({ status: 'ok', data: { id: expect.any(Number), uid: device.uid } });
    const kept = await asUnit({ endpoint: 'product' }, () => certificateRequestsOf(device.uid));
    expect(kept).toEqual([expect.objectContaining({ user_id: owner.id, address1: 'Storgatan 1', zipCode: '211 34', city: 'Malmö', country: 'Sweden' })]);
    const mails = (await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[];
    const mail = mails.find((m) => m.subject.includes(device.uid));
    expect(mail).toMatchObject({ to: 'support@example.com' });
    expect(mail!.text).toContain(owner.email);
    expect(mail!.text).toContain('211 34 Malmö');
  });

  it('takes one request a day per unit: a second, or several at once, are refused and support gets one mail', async () => {
    const owner = await customer();
    const { device } = await registered(owner);
    const answers = await Promise.all([1, 2, 3].map(() => product(owner.accessToken, 'request_certificate', { uid: device.uid, ...address })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused).toEqual({ status: 409, body: { status: 'error', message: productMessages.certificateRecentlyRequested(device.uid) } });
    }
    const again = await product(owner.accessToken, 'request_certificate', { uid: device.uid, ...address });
    expect(again.status).toBe(409);
    expect(await asUnit({ endpoint: 'product' }, () => certificateRequestsOf(device.uid))).toHaveLength(1);
    const mails = (await (await fetch(`${baseUrl}/local/mailbox.json`)).json()) as LocalMail[];
    expect(mails.filter((m) => m.subject.includes(device.uid))).toHaveLength(1);

    // A day later the unit's certificate may be asked for again.
    const kept = (await asUnit({ endpoint: 'product' }, () => findProductByUid(device.uid)))!;
    const tomorrow = addHours(new Date(), CERTIFICATE_REQUEST_INTERVAL_HOURS + 1);
    await asUnit({ endpoint: 'product' }, () => saveCertificateRequest(kept, { ...address, user_id: owner.id, email: owner.email }, tomorrow));
    expect(await asUnit({ endpoint: 'product' }, () => certificateRequestsOf(device.uid))).toHaveLength(2);
  });

  it('says which address field is missing', async () => {
    const owner = await customer();
    const { device } = await registered(owner);
    const answer = await product(owner.accessToken, 'request_certificate', { uid: device.uid, ...address, city: '  ' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain('City is required');
  });

  it("refuses a request for another user's product", async () => {
    const [owner, stranger] = await Promise.all([customer(), customer()]);
    const { device } = await registered(owner);
    const answer = await product(stranger.accessToken, 'request_certificate', { uid: device.uid, ...address });
    expect(answer).toEqual({ status: 404, body: { status: 'error', message: productMessages.notRegistered(device.uid) } });
    expect(await asUnit({ endpoint: 'product' }, () => certificateRequestsOf(device.uid))).toEqual([]);
  });
});

describe('the admin product and hardware lists', () => {
  it('finds a registered product by uid and owner, newest first, and unregisters it', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const { device, product: registration } = await registered(owner);
    const { product: newer } = await registered(owner);
    const listed = await product(boss.accessToken, 'get_all_products', { search: owner.email });
    expect(listed.body.data).toEqual({
      products: [expect.objectContaining({ id: newer.id, user: owner.email }), expect.objectContaining({ id: registration.id, uid: device.uid })],
      count: 2,
    });
    const one = await product(boss.accessToken, 'get_all_products', { search: device.uid.toLowerCase(), order_by: 'uid' });
    expect((one.body.data as { count: number }).count).toBe(1);

    expect((await product(boss.accessToken, 'unregister_product', { uid: device.uid })).body).toEqual({ status: 'ok', data: { uid: device.uid } });
    expect((await mine(owner.accessToken)).map((p) => p.id)).toEqual([newer.id]);
    expect((await product(boss.accessToken, 'get_all_products', { search: device.uid })).body.data).toEqual({ products: [], count: 0 });
    // Free again: anyone may register it.
    expect((await product(boss.accessToken, 'register_product', { uid: device.uid })).body.status).toBe('ok');
  });

  it('refuses the admin cmds to a customer and changes nothing', async () => {
    const owner = await customer();
    const { device } = await registered(owner);
    for (const [cmd, params] of [
      ['unregister_product', { uid: device.uid }],
      ['get_all_products', {}],
      ['get_device', { uid: device.uid }],
      ['get_devices', {}],
    ] as const) {
      expect((await product(owner.accessToken, cmd, params)).status).toBe(403);
    }
    expect((await mine(owner.accessToken)).map((p) => p.uid)).toEqual([device.uid]);
  });

  it('exports the searched products as CSV at /umdata/{filename}', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const { device } = await registered(owner);
    const answer = await product(boss.accessToken, 'get_products_csv', { search: device.uid });
    const { filename } = answer.body.data as { filename: string };
    const csv = await (await fetch(`${baseUrl}/umdata/${filename}`)).text();
    expect(csv.split('\n')[0]).toBe('Id,Created,Product id,Uid,Hardware version,User id,User,License id,EAN');
    expect(csv).toContain(`${device.uid},1.3,${owner.id},${owner.email}`);
  });

  it('answers the whole list in one call of up to the export’s 100,000 rows, as a client building the product CSV asks', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const { product: mineNow } = await registered(owner);
    const all = await product(boss.accessToken, 'get_all_products', { limit: PRODUCT_CSV_ROWS });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const { products, count } = all.body.data as { products: (Product & { user: string })[]; count: number };
    // Every registered unit, not a page of them: newest first, the caller's new one among them with its owner.
    expect(products).toHaveLength(count);
    expect(count).toBeGreaterThan(ALL_PRODUCTS_PAGE_SIZE);
    const created = products.map((row) => row.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(products).toContainEqual(expect.objectContaining({ id: mineNow.id, uid: mineNow.uid, user: owner.email }));
    // One more than the export holds is refused, and says which param.
    const over = await product(boss.accessToken, 'get_all_products', { limit: PRODUCT_CSV_ROWS + 1 });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/^limit: /);
  });

  it('counts registered products', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const before = (await product(boss.accessToken, 'get_product_statistics')).body.data as { registered_products: number };
    await registered(owner);
    const after = (await product(boss.accessToken, 'get_product_statistics')).body.data as { registered_products: number };
    expect(after.registered_products).toBeGreaterThan(before.registered_products);
  });

  it('lists produced units last updated first, and shows one with its certificates and calibrations', async () => {
    const boss = await admin();
    const device = newDevice({
      certificates: [{ created: '2024-02-01', serial_no: 'X', ean: '7350063470017', cert: 'LABEL-1' }],
      calibration: [{ created: '2024-02-02', calibration: '{"gain":1}' }],
    });
    await storeDevices(device);
    const page = (await product(boss.accessToken, 'get_devices')).body.data as { devices: { uid: string; certificate_count: number }[]; count: number };
    expect(page.devices.length).toBeLessThanOrEqual(20);
    expect(page.devices[0]).toMatchObject({ uid: device.uid, certificate_count: 1, calibration_count: 1 });
    const found = (await product(boss.accessToken, 'get_devices', { search: device.serial_no })).body.data as { count: number };
    expect(found.count).toBe(1);
    const shown = await product(boss.accessToken, 'get_device', { uid: device.uid });
    expect(shown.body.data).toMatchObject({ uid: device.uid, serial_no: device.serial_no, certificates: device.certificates, calibration: device.calibration });
    expect((await product(boss.accessToken, 'get_device', { uid: device.uid.toLowerCase() })).body.data).toEqual(shown.body.data);
    expect((await product(boss.accessToken, 'get_device', { uid: 'NOSUCHUNIT2' })).status).toBe(404);
  });

  it('lists each produced unit with who owns it: the user it is registered to, by id and email', async () => {
    const [owner, boss] = await Promise.all([customer(), admin()]);
    const { device } = await registered(owner);
    const unregistered = newDevice();
    await storeDevices(unregistered);
    type Row = { uid: string; user_id: number | null; user: string };
    const rowOf = async (uid: string) => ((await product(boss.accessToken, 'get_devices', { search: uid })).body.data as { devices: Row[] }).devices[0];
    expect(await rowOf(device.uid)).toMatchObject({ uid: device.uid, user_id: owner.id, user: owner.email });
    expect(await rowOf(unregistered.uid)).toMatchObject({ uid: unregistered.uid, user_id: null, user: '' });
    // The owner's email finds their units.
    const byOwner = (await product(boss.accessToken, 'get_devices', { search: owner.email })).body.data as { devices: Row[] };
    expect(byOwner.devices.map((row) => row.uid)).toEqual([device.uid]);
  });
});
