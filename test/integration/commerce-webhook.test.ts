import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it, vi } from 'vitest';
import { applyEvent, applyProviderAnswer } from '../../functions/domain/commerce/apply-event';
import { findEvent, findOrder } from '../../functions/domain/commerce/commerce.repository';
import { addDuration } from '../../functions/domain/codes/code.rules';
import { userActions } from '../../functions/domain/audit/audit.repository';
import { findLicense, licenseListOf, shareLicense } from '../../functions/domain/licenses/licenses.repository';
import { app as webhookApp } from '../../functions/fastspring/app';
import { logger } from '../../functions/lib/logger';
import { OPERATOR_ALARM_FIELD, OPERATOR_ALARMS } from '../../functions/lib/operator-alarms';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { MAX_SUBSCRIPTION_READS_PER_HOUR, attemptLimits } from '../../shared/contract/limits';
import { asUnit, callApi, createAdminUser, createConfirmedUser } from '../support/api';
import { deliver, providerEvent, sandboxCalls, sandboxOrder, sandboxSubscription, sandboxSubscriptionEvent, webhookSecret } from '../support/commerce';
import { licCall, storeLicense, storedLicense, withUserId } from '../support/licenses';

/**
 * The checkout provider's webhook over the wire: signatures, each event type, exactly-once application
 * of repeated and racing deliveries, events that cannot be applied, and the subscription actions an
 * admin takes through the provider's REST API (the local sandbox's).
 */
const customer = () => createConfirmedUser().then(withUserId);
const admin = () => createAdminUser().then(withUserId);

interface Row {
  id: number;
  license_type_id: string;
  enabled: boolean;
  valid_to: string | null;
  subscription_id: number | null;
  subscription_state: string | null;
  addons: { id: string }[];
  tag: string | null;
}
const allowLegacy = async (boss: { accessToken: string }, userId: number) =>
  expect((await callApi('user', { cmd: 'set_user_legacy', user_id: userId, legacy: true }, boss.accessToken)).status).toBe(200);
const licensesOf = async (user: { accessToken: string }) => ((await licCall(user.accessToken, 'get_licenses')).body.data as { licenses: Row[] }).licenses;
/** The buyer's subscription rows as the admin list shows them. */
const subscriptionsOf = async (boss: { accessToken: string }, buyer: { email: string }) =>
  ((await licCall(boss.accessToken, 'get_subscriptions', { search: buyer.email })).body.data as { subscriptions: { id: number; license_id: number; product: string; reference: string; state: string }[] })
    .subscriptions;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let orders = 0;
/** An order.completed event in the provider's plain shape (references as ids). */
const orderEvent = (userId: number | string, items: object[], orderId = `order-${Date.now()}-${++orders}`) =>
  providerEvent('order.completed', { id: orderId, order: orderId, reference: `REF-${orders}`, account: 'acct-1', tags: { user_id: String(userId) }, items });

/** Shares every license with every user, as the owner's share does: each license then has a copy per user. */
const shareWithAll = (licenses: { id: number }[], users: { id: number }[]) =>
  asUnit({ endpoint: 'lic' }, async () => {
    for (const { id } of licenses) for (const user of users) await shareLicense((await findLicense(id))!, user.id);
  });

/**
 * A provider subscription of 10 licenses, each shared with `recipients` users: an event on it writes each
 * row with its license and the license's copies (7 + `recipients` items a row: with 3, over 100 with the
 * event's record; with 4, over 100 without).
 */
async function sharedSubscription(product = 'pro-yearly', recipients = 3) {
  const [buyer, ...friends] = await Promise.all([customer(), ...Array.from({ length: recipients }, customer)]);
  const reference = `sub-shared-${Date.now()}-${++orders}`;
  expect((await deliver([orderEvent(buyer.id, [{ product, quantity: 10, subscription: reference }])])).status).toBe(200);
  const licenses = await licensesOf(buyer);
  expect(licenses).toHaveLength(10);
  await shareWithAll(licenses, friends);
  return { buyer, friends, reference, licenses };
}

/** Applies an event as the webhook does but stops after `maxSteps` transactions, as a crash would. */
const applyStopping = (event: ReturnType<typeof providerEvent>, maxSteps = 1) =>
  asUnit({ endpoint: 'fastspring' }, () => applyEvent({ ...event, data: event.data as Record<string, unknown> }, new Date(), { maxSteps }));

describe('the checkout webhook', () => {
  it('refuses a bad or missing signature and changes nothing', async () => {
    const buyer = await customer();
    const event = orderEvent(buyer.id, [{ product: 'pro-perpetual', quantity: 1 }]);
    expect((await deliver([event], { signature: 'AAAA' })).status).toBe(401);
    expect((await deliver([event], { signature: null })).status).toBe(401);
    const wrongSecret = await deliver([event], { signature: Buffer.alloc(32, 7).toString('base64') });
    expect(wrongSecret.status).toBe(401);
    expect(JSON.parse(wrongSecret.text)).toEqual({ status: 'error', message: 'Invalid or missing X-FS-Signature' });
    expect(await licensesOf(buyer)).toEqual([]);
    // The header's letter case does not matter.
    expect((await deliver([event], { header: 'x-fs-signature' })).status).toBe(200);
    expect(await licensesOf(buyer)).toHaveLength(1);
  });

  it('refuses a signature that is not exactly the base64 of an HMAC-SHA256 before comparing it', async () => {
    const buyer = await customer();
    const event = orderEvent(buyer.id, [{ product: 'pro-perpetual', quantity: 1 }]);
    const right = createHmac('sha256', webhookSecret()).update(JSON.stringify({ events: [event] })).digest('base64');
    expect(right).toHaveLength(44);
    // The right HMAC without its pad, with a character Node's decoder would skip, or twice: still refused.
    for (const signature of [right.slice(0, 43), `${right}!`, `${right.slice(0, 20)}*${right.slice(20)}`, right + right]) {
      const reply = await deliver([event], { signature });
      expect(reply.status, signature).toBe(401);
      expect(JSON.parse(reply.text)).toEqual({ status: 'error', message: 'X-FS-Signature must be the base64 HMAC-SHA256 of the body: 44 characters ending in =' });
    }
    expect(await licensesOf(buyer)).toEqual([]);
    expect((await deliver([event], { signature: right })).status).toBe(200);
  });

  it('refuses a delivery over 1 MB, naming that limit', async () => {
    const body = JSON.stringify({ events: [providerEvent('account.updated', { id: 'acct-big', padding: 'x'.repeat(1024 * 1024) })] });
    // On a connection of its own: the server answers before the body is all sent, and closes it.
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${inject('baseUrl')}/api/fastspring`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.end(body);
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({ status: 'error', message: 'A webhook delivery is at most 1 MB' });
    // Below the limit (but over the API's 256 KB for JSON calls) is accepted.
    expect((await deliver([providerEvent('account.updated', { id: 'acct-mid', padding: 'x'.repeat(300 * 1024) })])).status).toBe(200);
  });

  it('grants no legacy item to a user without the legacy flag: recorded as failed with the reason, applied once allowed', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    const event = orderEvent(buyer.id, [{ product: 'legacy-battery-year-1', quantity: 1 }, { product: 'pro-perpetual', quantity: 1 }]);
    expect((await deliver([event])).status).toBe(202);
    expect(await licensesOf(buyer)).toEqual([]);
    const recorded = await asUnit({ endpoint: 'fastspring' }, () => findEvent(event.id));
    expect(recorded).toMatchObject({ status: 'failed', reason: expect.stringContaining(`user ${buyer.id} may not buy legacy items (legacy-battery-year-1)`) });
    // The provider's retry, once an admin allowed legacy purchases, is applied.
    await allowLegacy(boss, buyer.id);
    expect((await deliver([event])).status).toBe(200);
    expect((await licensesOf(buyer)).map((license) => license.license_type_id).sort()).toEqual(['Battery', 'Pro']);
  });

  it("logs an event it cannot apply at error level with the field that raises the operators' alarm", async () => {
    const event = orderEvent(999_999_998, [{ product: 'pro-perpetual', quantity: 1 }]);
    const body = JSON.stringify({ events: [event] });
    const env = inject('localStack').functionEnv;
    const errors = vi.spyOn(logger, 'error');
    try {
      // The webhook's own app, in this process: its log lines are this logger's.
      const reply = await asUnit({ endpoint: 'fastspring' }, async () =>
        webhookApp.request('/api/fastspring', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [ORIGIN_VERIFY_HEADER]: env.ORIGIN_VERIFY_SECRET!,
            'x-fs-signature': createHmac('sha256', webhookSecret()).update(body).digest('base64'),
          },
          body,
        }),
      );
      expect(reply.status).toBe(202);
      expect(errors).toHaveBeenCalledWith(
        'Webhook event not applied',
        expect.objectContaining({ eventId: event.id, [OPERATOR_ALARM_FIELD]: OPERATOR_ALARMS.webhookEventFailed.name }),
      );
    } finally {
      errors.mockRestore();
    }
  });

  it('applies an order of two full lines of 10 subscriptions (over 100 writes) completely, and once however often it arrives', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    const [toolboxes, pros] = [`sub-big-a-${Date.now()}`, `sub-big-b-${Date.now()}`];
    const event = orderEvent(buyer.id, [
      { product: 'automation-battery-toolbox-yearly', quantity: 10, subscription: toolboxes },
      { product: 'pro-monthly', quantity: 10, subscription: pros },
    ]);
    // Three racing deliveries: on a busy machine one may run out of retries against the others' writes
    // and answer 202 (not taken), which the provider answers by delivering again; each is taken in the end.
    const deliverUntilTaken = async () => {
      for (let attempt = 1; ; attempt++) {
        const reply = await deliver([event]);
        if (reply.status !== 202 || attempt === 5) return reply.status;
      }
    };
    const replies = await Promise.all([deliverUntilTaken(), deliverUntilTaken(), deliverUntilTaken()]);
    expect(replies).toEqual([200, 200, 200]);
    expect((await deliver([event])).status).toBe(200);
    const licenses = await licensesOf(buyer);
    expect(licenses.filter((license) => license.license_type_id === 'All')).toHaveLength(10);
    expect(licenses.filter((license) => license.license_type_id === 'Pro')).toHaveLength(10);
    expect(new Set(licenses.map((license) => license.subscription_id)).size).toBe(20);
    const listed = (await licCall(boss.accessToken, 'get_subscriptions', { search: buyer.email })).body.data as { count: number };
    expect(listed.count).toBe(20);
    // The provider's subscriptions name all their rows: a renewal reaches all ten licenses.
    const next = Date.parse(`${day(500)}T00:00:00Z`);
    expect((await deliver([providerEvent('subscription.charge.completed', { subscription: { id: pros, next } })])).status).toBe(200);
    expect((await licensesOf(buyer)).filter((license) => license.valid_to === day(500)).map((license) => license.license_type_id)).toEqual(Array(10).fill('Pro'));
  });

  it('goes on with a large order where a delivery stopped between its steps, and creates each license once', async () => {
    const buyer = await customer();
    const event = orderEvent(buyer.id, [
      { product: 'pro-yearly', quantity: 10, subscription: `sub-step-a-${Date.now()}` },
      { product: 'automation-battery-toolbox-monthly', quantity: 10, subscription: `sub-step-b-${Date.now()}` },
      { product: 'battery-addon-perpetual', quantity: 3 },
    ]);
    const orderId = (event.data as { order: string }).order;
    // A delivery that stops after its first transaction (as a crash would): the order is claimed, nothing created yet.
    expect(await applyStopping(event)).toBe('partial');
    expect(await asUnit({ endpoint: 'fastspring' }, () => findOrder(orderId))).toMatchObject({ steps: 2, steps_done: 0 });
    expect(await licensesOf(buyer)).toEqual([]);
    // The next stops after one more step: part of the licenses exist.
    expect(await applyStopping(event)).toBe('partial');
    const partly = (await licensesOf(buyer)).length;
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(20);
    // The provider's retry completes it; the same order under another event id creates nothing more.
    expect((await deliver([event])).status).toBe(200);
    expect((await deliver([{ ...event, id: `${event.id}-again` }])).status).toBe(200);
    const licenses = await licensesOf(buyer);
    expect(licenses).toHaveLength(20);
    expect(new Set(licenses.map((license) => license.id)).size).toBe(20);
    expect(licenses.filter((license) => license.addons.some((addon) => addon.id === 'Battery'))).toHaveLength(3);
    expect(await asUnit({ endpoint: 'fastspring' }, () => findOrder(orderId))).toMatchObject({ steps: 2, steps_done: 2, license_ids: licenses.map((license) => license.id).sort((a, b) => a - b) });
  });

  it('renews all 10 licenses of a subscription shared with 3 users each (over 100 writes) once, however it is delivered', async () => {
    const { buyer, friends, reference, licenses } = await sharedSubscription();
    const renewed = new Map(licenses.map((license) => [license.id, addDuration(license.valid_to!, 'P1Y')]));
    // No next charge date: each license is extended by one period from its end, so twice would show.
    const renewal = providerEvent('subscription.charge.completed', { subscription: reference });
    // A delivery that stops after its first transaction: part of the licenses are renewed.
    expect(await applyStopping(renewal)).toBe('partial');
    const partly = (await licensesOf(buyer)).filter((license) => license.valid_to === renewed.get(license.id)).length;
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(10);
    // The provider's retry, twice at once and once more, renews the rest; nothing twice.
    expect((await Promise.all([deliver([renewal]), deliver([renewal])])).map((reply) => reply.status)).toEqual([200, 200]);
    expect((await deliver([renewal])).status).toBe(200);
    const after = await licensesOf(buyer);
    expect(after.map((license) => [license.id, license.valid_to])).toEqual(licenses.map((license) => [license.id, renewed.get(license.id)]));
    expect(after.map((license) => license.subscription_state)).toEqual(Array(10).fill('active'));
    // It went in steps, and each user it is shared with sees the renewed end.
    expect(await asUnit({ endpoint: 'fastspring' }, () => findEvent(renewal.id))).toMatchObject({ status: 'applied', steps_done: expect.any(Number) });
    const shared = (await asUnit({ endpoint: 'lic' }, () => licenseListOf(friends[0]!.id))).shared;
    expect(shared.map(({ license }) => [license.id, license.valid_to]).sort()).toEqual([...renewed].sort());
  });

  it('cancels and ends a subscription of 10 licenses shared with 3 users each, where a delivery stopped between steps', async () => {
    const { buyer, friends, reference } = await sharedSubscription('pro-monthly');
    const canceled = providerEvent('subscription.canceled', { id: reference, state: 'canceled' });
    expect(await applyStopping(canceled)).toBe('partial');
    expect((await deliver([canceled])).status).toBe(200);
    expect((await deliver([canceled])).status).toBe(200);
    expect((await licensesOf(buyer)).map((license) => license.subscription_state)).toEqual(Array(10).fill('canceled'));

    const deactivated = providerEvent('subscription.deactivated', { id: reference, end: Date.parse(`${day(-1)}T12:00:00Z`) });
    expect(await applyStopping(deactivated)).toBe('partial');
    expect((await Promise.all([deliver([deactivated]), deliver([deactivated])])).map((reply) => reply.status)).toEqual([200, 200]);
    const ended = await licensesOf(buyer);
    expect(ended.map(({ subscription_state, valid_to }) => ({ subscription_state, valid_to }))).toEqual(Array(10).fill({ subscription_state: 'deactivated', valid_to: day(-1) }));
    const shared = (await asUnit({ endpoint: 'lic' }, () => licenseListOf(friends[2]!.id))).shared;
    expect(shared.map(({ license }) => license.subscription_state)).toEqual(Array(10).fill('deactivated'));
  });

  it('takes an add-on subscription off all 10 licenses shared with 3 users each when it ends', async () => {
    const [buyer, ...friends] = await Promise.all([customer(), customer(), customer(), customer()]);
    const reference = `sub-addons-${Date.now()}`;
    const order = orderEvent(buyer.id, [
      { product: 'pro-perpetual', quantity: 10 },
      { product: 'battery-addon-yearly', quantity: 10, subscription: reference },
    ]);
    expect((await deliver([order])).status).toBe(200);
    const licenses = await licensesOf(buyer);
    expect(licenses.map((license) => license.addons.map((addon) => addon.id))).toEqual(Array(10).fill(['Battery']));
    await shareWithAll(licenses, friends);
    const ended = providerEvent('subscription.deactivated', { id: reference });
    expect(await applyStopping(ended)).toBe('partial');
    expect((await deliver([ended])).status).toBe(200);
    expect((await licensesOf(buyer)).map((license) => license.addons)).toEqual(Array(10).fill([]));
  });

  it("applies the provider's answer to a cancel on 10 licenses shared with 4 users each; its event then changes nothing", async () => {
    const { buyer, reference, licenses } = await sharedSubscription('pro-yearly', 4);
    await asUnit({ endpoint: 'lic' }, () => applyProviderAnswer('subscription.canceled', { id: reference }));
    expect((await licensesOf(buyer)).map((license) => license.subscription_state)).toEqual(Array(10).fill('canceled'));
    const versions = async () => Promise.all(licenses.map(async (license) => (await storedLicense(license.id))!.version));
    const before = await versions();
    expect((await deliver([providerEvent('subscription.canceled', { id: reference, state: 'canceled' })])).status).toBe(200);
    expect(await versions()).toEqual(before);
  });

  it('takes back a legacy upgrade with its refund: the previous end and upgrade mark exactly, or records a license changed since', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await allowLegacy(boss, buyer.id);
    const kept = await storeLicense(buyer.id, { license_usage_id: 4, valid_from: day(-300), valid_to: day(65) });
    const edited = await storeLicense(buyer.id, { license_usage_id: 4, valid_from: day(-300), valid_to: day(20) });
    for (const license of [kept, edited]) {
      expect((await licCall(boss.accessToken, 'update_license_to_fastspring', { license_id: license.id, product: 'legacy-automation-year-2' })).status).toBe(200);
    }
    const upgrade = orderEvent(buyer.id, [{ product: 'legacy-automation-year-2', quantity: 2 }]);
    expect((await deliver([upgrade])).status).toBe(200);
    const byId = async () => new Map((await licensesOf(buyer)).map((license) => [license.id, license as Row & { to_fastspring_product: string | null }]));
    expect((await byId()).get(kept.id)).toMatchObject({ valid_to: addDuration(day(65), 'P1Y'), to_fastspring_product: 'legacy-automation-year-3' });
    // Support changes one of them after the upgrade.
    expect((await licCall(boss.accessToken, 'update_license', { license_id: edited.id, license_usage_id: 4, valid_to: day(200) })).status).toBe(200);

    const refund = providerEvent('return.created', { id: `return-${Date.now()}`, original: { order: (upgrade.data as { order: string }).order } });
    expect((await deliver([refund])).status).toBe(200);
    const after = await byId();
    expect(after.get(kept.id)).toMatchObject({ valid_to: day(65), to_fastspring_product: 'legacy-automation-year-2', enabled: true });
    // Changed since: left as support set it, and recorded for support on the buyer's actions.
    expect(after.get(edited.id)).toMatchObject({ valid_to: day(200), to_fastspring_product: 'legacy-automation-year-3' });
    const actions = await asUnit({ endpoint: 'lic' }, () => userActions(buyer.id));
    expect(actions.filter((action) => action.action === 'refund_not_restored').map((action) => action.license_id)).toEqual([edited.id]);
    expect(await asUnit({ endpoint: 'fastspring' }, () => findOrder((upgrade.data as { order: string }).order))).toMatchObject({ unrestored_ids: [edited.id] });
    // The refund delivered again changes nothing more.
    expect((await deliver([refund])).status).toBe(200);
    expect((await byId()).get(kept.id)).toMatchObject({ valid_to: day(65), to_fastspring_product: 'legacy-automation-year-2' });
  });

  it('creates the licenses and add-ons of an order for the tagged user: quantity n gives n licenses', async () => {
    const buyer = await customer();
    const reply = await deliver([
      orderEvent(buyer.id, [
        { product: 'automation-battery-toolbox-yearly', quantity: 2, subscription: 'sub-a' + Date.now() },
        { product: 'pro-perpetual', quantity: 1 },
        { product: 'automation-addon-perpetual', quantity: 1 },
        { product: 'calibration-service', quantity: 1 },
      ]),
    ]);
    expect(reply.status).toBe(200);
    const licenses = await licensesOf(buyer);
    const toolboxes = licenses.filter((license) => license.license_type_id === 'All');
    expect(toolboxes).toHaveLength(2);
    for (const toolbox of toolboxes) expect(toolbox).toMatchObject({ subscription_state: 'active', valid_to: addDuration(day(0), 'P1Y') });
    expect(new Set(toolboxes.map((toolbox) => toolbox.subscription_id)).size).toBe(2);
    expect(licenses.find((license) => license.license_type_id === 'Pro')).toMatchObject({ valid_to: null, addons: [{ id: 'Automation' }], subscription_id: null });
  });

  it('reads the expanded payload shape: the subscription object gives the end of the first period', async () => {
    const buyer = await customer();
    const next = Date.parse(`${day(40)}T10:00:00Z`);
    const event = providerEvent('order.completed', {
      order: `order-x-${Date.now()}`,
      reference: 'REF-X',
      account: { id: 'acct-x', contact: { email: 'x@example.com' } },
      tags: { user_id: buyer.id },
      items: [{ product: 'pro-monthly', quantity: 1, subscription: { id: `sub-x-${Date.now()}`, state: 'active', next, intervalUnit: 'month' } }],
    });
    expect((await deliver([event])).status).toBe(200);
    expect(await licensesOf(buyer)).toEqual([expect.objectContaining({ license_type_id: 'Pro', valid_to: day(40), subscription_state: 'active' })]);
  });

  it('applies a delivery that arrives three times, or twice at once, exactly once', async () => {
    const buyer = await customer();
    const event = orderEvent(buyer.id, [{ product: 'automation-battery-toolbox-perpetual', quantity: 3 }]);
    for (let i = 0; i < 3; i++) expect(await deliver([event])).toMatchObject({ status: 200 });
    expect(await licensesOf(buyer)).toHaveLength(3);

    const racing = orderEvent(buyer.id, [{ product: 'pro-perpetual', quantity: 2 }]);
    const replies = await Promise.all([deliver([racing]), deliver([racing]), deliver([racing])]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect((await licensesOf(buyer)).filter((license) => license.license_type_id === 'Pro')).toHaveLength(2);
  });

  it('records and reports events it cannot apply, applies the rest of a mixed batch, and takes a fixed event later', async () => {
    const buyer = await customer();
    const good = orderEvent(buyer.id, [{ product: 'pro-yearly', quantity: 1, subscription: `sub-m-${Date.now()}` }]);
    const unknownProduct = orderEvent(buyer.id, [{ product: 'pro-perpetual', quantity: 1 }, { product: 'no-such-product', quantity: 1 }]);
    const unknownUser = orderEvent(999_999_999, [{ product: 'pro-perpetual', quantity: 1 }]);
    const untagged = orderEvent('', [{ product: 'pro-perpetual', quantity: 1 }]);
    const unknownSubscription = providerEvent('subscription.canceled', { id: 'sub-nobody-has' });
    const ignored = providerEvent('account.updated', { id: 'acct-1' });
    const reply = await deliver([good, unknownProduct, unknownUser, untagged, unknownSubscription, ignored]);
    // 202 with the ids taken, one a line: the provider retries the others.
    expect(reply.status).toBe(202);
    expect(reply.text.split('\n').sort()).toEqual([good.id, ignored.id].sort());
    // Nothing of the half-known order was applied.
    expect(await licensesOf(buyer)).toEqual([expect.objectContaining({ license_type_id: 'Pro', subscription_state: 'active' })]);

    const addonWithoutPro = orderEvent(buyer.id, [{ product: 'battery-addon-perpetual', quantity: 2 }]);
    expect((await deliver([addonWithoutPro])).status).toBe(202);
    expect((await licensesOf(buyer))[0]!.addons).toEqual([]);
    // Once the buyer has the second Pro license, the provider's retry of the same event is applied.
    expect((await deliver([orderEvent(buyer.id, [{ product: 'pro-perpetual', quantity: 1 }])])).status).toBe(200);
    expect((await deliver([addonWithoutPro])).status).toBe(200);
    for (const license of await licensesOf(buyer)) expect(license.addons).toEqual([expect.objectContaining({ id: 'Battery' })]);
  });

  it('follows a subscription through renewal, overdue payment, cancel, uncancel and its end', async () => {
    const buyer = await customer();
    const reference = `sub-life-${Date.now()}`;
    expect((await deliver([orderEvent(buyer.id, [{ product: 'pro-yearly', quantity: 1, subscription: reference }])])).status).toBe(200);
    const license = async () => (await licensesOf(buyer))[0]!;
    const start = (await license()).valid_to!;

    const next = Date.parse(`${day(400)}T00:00:00Z`);
    await deliver([providerEvent('subscription.charge.completed', { subscription: { id: reference, next }, order: 'renewal-1' })]);
    expect(await license()).toMatchObject({ valid_to: day(400), subscription_state: 'active' });
    await deliver([providerEvent('subscription.charge.completed', { subscription: reference })]);
    expect((await license()).valid_to! > day(400)).toBe(true);
    expect(start < day(400)).toBe(true);

    await deliver([providerEvent('subscription.canceled', { id: reference, state: 'canceled' })]);
    expect((await license()).subscription_state).toBe('canceled');
    await deliver([providerEvent('subscription.uncanceled', { id: reference, state: 'active' })]);
    expect((await license()).subscription_state).toBe('active');
    await deliver([providerEvent('subscription.payment.overdue', { id: reference })]);
    expect((await license()).subscription_state).toBe('overdue');
    await deliver([providerEvent('subscription.activated', { id: reference })]);
    expect((await license()).subscription_state).toBe('active');
    await deliver([providerEvent('subscription.deactivated', { id: reference, end: Date.parse(`${day(-1)}T12:00:00Z`) })]);
    expect(await license()).toMatchObject({ subscription_state: 'deactivated', valid_to: day(-1) });
  });

  it('gives an overdue subscription a grace week, and a refund disables what the order created', async () => {
    const buyer = await customer();
    const reference = `sub-grace-${Date.now()}`;
    const next = Date.parse(`${day(2)}T00:00:00Z`);
    const order = orderEvent(buyer.id, [
      { product: 'pro-monthly', quantity: 1, subscription: { id: reference, next } },
      { product: 'automation-addon-perpetual', quantity: 1 },
    ]);
    await deliver([order]);
    await deliver([providerEvent('subscription.payment.overdue', { id: reference })]);
    expect((await licensesOf(buyer))[0]!.valid_to).toBe(day(7));

    const refund = providerEvent('return.created', { id: 'return-1', original: { id: (order.data as { order: string }).order } });
    expect((await deliver([refund])).status).toBe(200);
    expect((await licensesOf(buyer))[0]).toMatchObject({ enabled: false });
    expect((await deliver([providerEvent('return.created', { original: 'order-nobody-knows' })])).status).toBe(202);
  });
});

describe('buying through the checkout sandbox, and the subscription actions of an admin', () => {
  it('completes an order with signed webhooks: the licenses exist when the popup closes', async () => {
    const buyer = await customer();
    const order = await sandboxOrder(buyer.id, [
      { path: 'automation-battery-toolbox-monthly', quantity: 1 },
      { path: 'battery-addon-perpetual', quantity: 1 },
      { path: 'pro-perpetual', quantity: 1 },
    ]);
    expect(order.status).toBe(200);
    expect(order.body.reference).toMatch(/^SBX/);
    const licenses = await licensesOf(buyer);
    expect(licenses.map((license) => license.license_type_id).sort()).toEqual(['All', 'Pro']);
    expect(licenses.find((license) => license.license_type_id === 'Pro')!.addons).toEqual([expect.objectContaining({ id: 'Battery' })]);
    expect((await sandboxOrder(buyer.id, [{ path: 'nothing', quantity: 1 }])).status).toBe(400);
  });

  it('lists subscriptions for admins, shows one with its account page, and cancels it through the provider', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 2 }]);
    const [first] = await licensesOf(buyer);
    const listed = await licCall(boss.accessToken, 'get_subscriptions', { search: buyer.email });
    const { subscriptions, count } = listed.body.data as { subscriptions: { id: number; license_id: number; index: number; state: string; product: string; user: string }[]; count: number };
    expect(count).toBe(2);
    expect(subscriptions.map((s) => s.index).sort()).toEqual([0, 1]);
    expect(subscriptions[0]).toMatchObject({ state: 'active', product: 'pro-yearly', user: buyer.email });

    const detail = await licCall(boss.accessToken, 'get_subscription', { subscription_id: first!.subscription_id });
    expect(detail.body.data).toMatchObject({ interval: '1 year', renews_at: first!.valid_to, url: expect.stringMatching(/\/local\/checkout\/account\/.+#\/subscriptions$/) });

    expect((await licCall(buyer.accessToken, 'cancel_subscription', { license_id: first!.id })).status).toBe(403);
    const canceled = await licCall(boss.accessToken, 'cancel_subscription', { license_id: first!.id });
    expect(canceled.body).toEqual({ status: 'ok', data: { license_id: first!.id, subscription_id: first!.subscription_id, state: 'canceled', canceled_addon_subscriptions: [] } });
    expect(sandboxCalls().some((call) => call.call?.startsWith('DELETE /subscriptions/'))).toBe(true);
    // The provider's subscription pays for both licenses: both are canceled, at the end of the period.
    for (const license of await licensesOf(buyer)) expect(license).toMatchObject({ subscription_state: 'canceled', valid_to: first!.valid_to });
    const again = await licCall(boss.accessToken, 'cancel_subscription', { license_id: first!.id });
    expect(again.status).toBe(409);
  });

  it('cancels a sandbox subscription of 10 licenses shared with 4 users each (over 100 writes)', async () => {
    const [buyer, boss, ...friends] = await Promise.all([customer(), admin(), customer(), customer(), customer(), customer()]);
    expect((await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 10 }])).status).toBe(200);
    const licenses = await licensesOf(buyer);
    await shareWithAll(licenses, friends);
    const canceled = await licCall(boss.accessToken, 'cancel_subscription', { license_id: licenses[0]!.id });
    expect(canceled.body).toEqual({
      status: 'ok',
      data: { license_id: licenses[0]!.id, subscription_id: licenses[0]!.subscription_id, state: 'canceled', canceled_addon_subscriptions: [] },
    });
    expect((await licensesOf(buyer)).map((license) => license.subscription_state)).toEqual(Array(10).fill('canceled'));
  });

  it('buys two full lines of 10 subscriptions in the popup, and its refund disables all 20 licenses', async () => {
    const buyer = await customer();
    const order = await sandboxOrder(buyer.id, [
      { path: 'automation-battery-toolbox-yearly', quantity: 10 },
      { path: 'pro-monthly', quantity: 10 },
    ]);
    expect(order.status).toBe(200);
    expect((await licensesOf(buyer)).filter((license) => license.enabled && license.subscription_state === 'active')).toHaveLength(20);
    const refunded = await fetch(`${inject('baseUrl')}/local/checkout/orders/${order.body.id}/return`, { method: 'POST' });
    expect(refunded.status).toBe(200);
    expect((await licensesOf(buyer)).map((license) => license.enabled)).toEqual(Array(20).fill(false));
  });

  it('renews a sandbox subscription with the event the provider sends', async () => {
    const buyer = await customer();
    await sandboxOrder(buyer.id, [{ path: 'automation-battery-toolbox-monthly', quantity: 1 }]);
    const boss = await admin();
    const [license] = await licensesOf(buyer);
    const { reference } = (await licCall(boss.accessToken, 'get_subscription', { subscription_id: license!.subscription_id })).body.data as { reference: string };
    expect(await sandboxSubscriptionEvent(reference, 'charge.completed')).toBe(200);
    expect((await licensesOf(buyer))[0]!.valid_to! > license!.valid_to!).toBe(true);
  });

  it('converts a Pro subscription with exactly one add-on into the toolbox subscription', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }, { path: 'automation-addon-perpetual', quantity: 1 }]);
    const [pro] = await licensesOf(buyer);
    expect(pro).toMatchObject({ license_type_id: 'Pro', addons: [{ id: 'Automation' }] });
    const converted = await licCall(boss.accessToken, 'convert_pro_subscription', { subscription_id: pro!.subscription_id });
    expect(converted.body).toEqual({ status: 'ok', data: { subscription_id: pro!.subscription_id, product: 'automation-battery-toolbox-yearly' } });
    expect((await licensesOf(buyer))[0]).toMatchObject({ license_type_id: 'All', addons: [] });

    await sandboxOrder(buyer.id, [{ path: 'pro-monthly', quantity: 1 }]);
    const plain = (await licensesOf(buyer)).find((license) => license.license_type_id === 'Pro')!;
    const refused = await licCall(boss.accessToken, 'convert_pro_subscription', { subscription_id: plain.subscription_id });
    expect(refused.status).toBe(409);
  });

  it('ends the add-on’s own subscription when converting Pro with it to the toolbox, at the provider and here, and the details say so', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }, { path: 'automation-addon-yearly', quantity: 1 }]);
    const [pro] = await licensesOf(buyer);
    expect(pro).toMatchObject({ license_type_id: 'Pro', addons: [{ id: 'Automation' }] });
    const addon = (await subscriptionsOf(boss, buyer)).find((subscription) => subscription.product === 'automation-addon-yearly')!;
    expect(addon).toMatchObject({ license_id: pro!.id, state: 'active' });

    const converted = await licCall(boss.accessToken, 'convert_pro_subscription', { subscription_id: pro!.subscription_id });
    expect(converted.body).toEqual({ status: 'ok', data: { subscription_id: pro!.subscription_id, product: 'automation-battery-toolbox-yearly' } });
    // At the provider: ended now, not at the end of the year paid for.
    expect(sandboxCalls().map((call) => call.call)).toContain(`DELETE /subscriptions/${addon.reference}?billingPeriod=0`);
    expect(sandboxSubscription(addon.reference)?.state).toBe('deactivated');
    // Here: the add-on's subscription ended and says why; the converted one names it.
    const detail = async (id: number) => (await licCall(boss.accessToken, 'get_subscription', { subscription_id: id })).body.data;
    expect(await detail(addon.id)).toMatchObject({ state: 'deactivated', renews_at: null, ended_on: day(0), ended_by_conversion_of: pro!.subscription_id });
    expect(await detail(pro!.subscription_id!)).toMatchObject({
      state: 'active',
      product: 'automation-battery-toolbox-yearly',
      converted_from: 'pro-yearly',
      converted_on: day(0),
      ended_addon_subscriptions: [addon.id],
    });
    expect((await licensesOf(buyer))[0]).toMatchObject({ license_type_id: 'All', addons: [], subscription_state: 'active' });
    // Nothing left to end: converting again is refused.
    expect((await licCall(boss.accessToken, 'convert_pro_subscription', { subscription_id: pro!.subscription_id })).status).toBe(409);
  });

  it('lowers an add-on subscription of two licenses by one when one of them is converted, and its renewals leave the ended row alone', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }]);
    await sandboxOrder(buyer.id, [{ path: 'automation-addon-yearly', quantity: 2 }]);
    const [first, second] = (await licensesOf(buyer)).sort((a, b) => a.id - b.id);
    for (const license of [first, second]) expect(license).toMatchObject({ license_type_id: 'Pro', addons: [{ id: 'Automation' }] });
    const addonRows = (await subscriptionsOf(boss, buyer)).filter((subscription) => subscription.product === 'automation-addon-yearly');
    const [onFirst, onSecond] = [first, second].map((license) => addonRows.find((row) => row.license_id === license!.id)!);

    expect((await licCall(boss.accessToken, 'convert_pro_subscription', { subscription_id: first!.subscription_id })).status).toBe(200);
    // The provider keeps charging for the second license only, prorated.
    expect(sandboxSubscription(onFirst!.reference)).toMatchObject({ state: 'active', quantity: 1 });
    const detail = async (id: number) => (await licCall(boss.accessToken, 'get_subscription', { subscription_id: id })).body.data;
    expect(await detail(onFirst!.id)).toMatchObject({ state: 'deactivated', ended_by_conversion_of: first!.subscription_id });
    expect(await detail(onSecond!.id)).toMatchObject({ state: 'active', ended_by_conversion_of: null });
    const byId = new Map((await licensesOf(buyer)).map((license) => [license.id, license]));
    expect(byId.get(first!.id)).toMatchObject({ license_type_id: 'All', addons: [] });
    expect(byId.get(second!.id)).toMatchObject({ license_type_id: 'Pro', addons: [{ id: 'Automation' }] });

    // A renewal of the add-on subscription renews the second license's row, not the ended one.
    expect(await sandboxSubscriptionEvent(onFirst!.reference, 'charge.completed')).toBe(200);
    expect(await detail(onFirst!.id)).toMatchObject({ state: 'deactivated', renews_at: null });
    expect(await detail(onSecond!.id)).toMatchObject({ state: 'active' });
  });

  it('cancels the add-on subscription on a license with its subscription, at the provider too, and the add-on ends with the license', async () => {
    const [buyer, boss, stranger] = await Promise.all([customer(), admin(), customer()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }, { path: 'automation-addon-yearly', quantity: 1 }], buyer.email.toUpperCase());
    const [pro] = await licensesOf(buyer);
    const rows = await subscriptionsOf(boss, buyer);
    const own = rows.find((row) => row.product === 'pro-yearly')!;
    const addon = rows.find((row) => row.product === 'automation-addon-yearly')!;
    // What the confirm dialog names: the add-on subscription Cancel cancels too.
    const detail = async (id: number) => (await licCall(boss.accessToken, 'get_subscription', { subscription_id: id })).body.data;
    expect(await detail(own.id)).toMatchObject({ addon_subscriptions: [{ id: addon.id, license_id: pro!.id, addon_id: 'Automation', state: 'active', renews_at: pro!.valid_to }] });

    const canceled = await licCall(boss.accessToken, 'cancel_subscription', { license_id: pro!.id });
    expect(canceled.body).toEqual({ status: 'ok', data: { license_id: pro!.id, subscription_id: own.id, state: 'canceled', canceled_addon_subscriptions: [addon.id] } });
    // The provider received both cancels, each at the end of the period paid for.
    const calls = sandboxCalls().map((call) => call.call);
    expect(calls).toContain(`DELETE /subscriptions/${own.reference}`);
    expect(calls).toContain(`DELETE /subscriptions/${addon.reference}`);
    expect(sandboxSubscription(own.reference)?.state).toBe('canceled');
    expect(sandboxSubscription(addon.reference)?.state).toBe('canceled');
    expect(await detail(addon.id)).toMatchObject({ state: 'canceled' });
    expect(await detail(own.id)).toMatchObject({ state: 'canceled', addon_subscriptions: [] });

    // The buyer sees both on Licenses, with the price and the account page of their email (in any case).
    const mine = await licCall(buyer.accessToken, 'get_my_subscriptions');
    const url = expect.stringMatching(/\/local\/checkout\/account\/.+#\/subscriptions$/);
    expect(mine.body).toEqual({
      status: 'ok',
      data: {
        subscriptions: [
          { id: addon.id, license_id: pro!.id, product: 'automation-addon-yearly', addon_id: 'Automation', state: 'canceled', renews_at: pro!.valid_to, interval: '1 year', amount: '€290.00', url },
          { id: own.id, license_id: pro!.id, product: 'pro-yearly', addon_id: null, state: 'canceled', renews_at: pro!.valid_to, interval: '1 year', amount: '€990.00', url },
        ],
      },
    });
    // Only the buyer's: another customer sees none of them.
    expect((await licCall(stranger.accessToken, 'get_my_subscriptions')).body).toEqual({ status: 'ok', data: { subscriptions: [] } });

    // At the period's end the provider ends both: the license ends, and its add-on with it.
    expect(await sandboxSubscriptionEvent(own.reference, 'deactivated')).toBe(200);
    expect(await sandboxSubscriptionEvent(addon.reference, 'deactivated')).toBe(200);
    expect((await licensesOf(buyer))[0]).toMatchObject({ subscription_state: 'deactivated', addons: [] });
    expect(await detail(addon.id)).toMatchObject({ state: 'deactivated', renews_at: null });
  });

  it('cancels the add-on subscriptions when the buyer cancels the license subscription on the provider\'s account page', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-monthly', quantity: 2 }, { path: 'battery-addon-monthly', quantity: 2 }]);
    const rows = await subscriptionsOf(boss, buyer);
    const own = rows.find((row) => row.product === 'pro-monthly')!;
    const addon = rows.find((row) => row.product === 'battery-addon-monthly')!;
    // The provider's event for the buyer's cancel reaches the webhook, which cancels the add-on there too.
    expect(await sandboxSubscriptionEvent(own.reference, 'canceled')).toBe(200);
    expect(sandboxCalls().map((call) => call.call)).toContain(`DELETE /subscriptions/${addon.reference}`);
    expect(sandboxSubscription(addon.reference)).toMatchObject({ state: 'canceled', quantity: 2 });
    expect((await subscriptionsOf(boss, buyer)).map((row) => row.state)).toEqual(Array(4).fill('canceled'));
  });

  it('resumes the add-on subscription with its license\'s, and a cancel event delivered again after the resume cancels nothing', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }, { path: 'automation-addon-yearly', quantity: 1 }]);
    const rows = await subscriptionsOf(boss, buyer);
    const own = rows.find((row) => row.product === 'pro-yearly')!;
    const addon = rows.find((row) => row.product === 'automation-addon-yearly')!;
    const detail = async (id: number) => (await licCall(boss.accessToken, 'get_subscription', { subscription_id: id })).body.data;
    const addonCancels = () => sandboxCalls().filter((call) => call.call === `DELETE /subscriptions/${addon.reference}`).length;

    // The buyer cancels on the provider's page: the add-on is canceled with it, and says with which.
    const cancel = providerEvent('subscription.canceled', { id: own.reference, subscription: own.reference, state: 'canceled' });
    expect((await deliver([cancel])).status).toBe(200);
    expect(sandboxSubscription(addon.reference)?.state).toBe('canceled');
    expect(await detail(addon.id)).toMatchObject({ state: 'canceled', canceled_with: own.id });
    expect(addonCancels()).toBe(1);

    // The buyer resumes it before its end: the add-on is resumed at the provider too.
    expect(await sandboxSubscriptionEvent(own.reference, 'uncanceled')).toBe(200);
    expect(sandboxSubscription(addon.reference)?.state).toBe('active');
    expect(await detail(addon.id)).toMatchObject({ state: 'active', canceled_with: null });

    // The provider delivers the old cancel again (same event id): the live license keeps its add-on.
    expect((await deliver([cancel])).status).toBe(200);
    expect(addonCancels()).toBe(1);
    expect(sandboxSubscription(addon.reference)?.state).toBe('active');
    expect(await detail(addon.id)).toMatchObject({ state: 'active' });
    expect(await detail(own.id)).toMatchObject({ state: 'active' });
  });

  it('lowers an add-on subscription that also pays for another license from its next charge when one license\'s subscription is canceled', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }]);
    await sandboxOrder(buyer.id, [{ path: 'pro-yearly', quantity: 1 }]);
    await sandboxOrder(buyer.id, [{ path: 'automation-addon-yearly', quantity: 2 }]);
    const [first, second] = (await licensesOf(buyer)).sort((a, b) => a.id - b.id);
    const addonRows = (await subscriptionsOf(boss, buyer)).filter((row) => row.product === 'automation-addon-yearly');
    const [onFirst, onSecond] = [first, second].map((license) => addonRows.find((row) => row.license_id === license!.id)!);

    const canceled = await licCall(boss.accessToken, 'cancel_subscription', { license_id: first!.id });
    expect(canceled.body).toMatchObject({ status: 'ok', data: { canceled_addon_subscriptions: [onFirst!.id] } });
    // Not canceled at the provider (it pays for the second license's add-on too): one fewer from its next charge.
    expect(sandboxSubscription(onFirst!.reference)).toMatchObject({ state: 'active', quantity: 1 });
    const changes = sandboxCalls().flatMap((call) => (call.call === 'POST /subscriptions' ? (call.body?.subscriptions ?? []) : []));
    expect(changes.filter((change) => change.subscription === onFirst!.reference)).toEqual([
      { subscription: onFirst!.reference, product: 'automation-addon-yearly', quantity: 1, prorate: false },
    ]);
    const detail = async (id: number) => (await licCall(boss.accessToken, 'get_subscription', { subscription_id: id })).body.data;
    expect(await detail(onFirst!.id)).toMatchObject({ state: 'canceled', renews_at: null, canceled_with: first!.subscription_id });
    expect(await detail(onSecond!.id)).toMatchObject({ state: 'active', canceled_with: null });
    // Its renewal renews the second license's add-on only.
    expect(await sandboxSubscriptionEvent(onFirst!.reference, 'charge.completed')).toBe(200);
    expect(await detail(onFirst!.id)).toMatchObject({ state: 'canceled', renews_at: null });
    expect(await detail(onSecond!.id)).toMatchObject({ state: 'active', renews_at: expect.any(String) });
  });

  it('gives a customer no account page of an order placed with another email (the provider files it under that email\'s account)', async () => {
    const [buyer, victim] = await Promise.all([customer(), customer()]);
    await sandboxOrder(victim.id, [{ path: 'pro-yearly', quantity: 1 }], victim.email);
    // The buyer types the victim's email in the checkout: the order carries the buyer's tag, the victim's account.
    await sandboxOrder(buyer.id, [{ path: 'pro-monthly', quantity: 1 }], victim.email);
    const mine = (await licCall(buyer.accessToken, 'get_my_subscriptions')).body.data as { subscriptions: { product: string; url: string | null }[] };
    expect(mine.subscriptions).toEqual([expect.objectContaining({ product: 'pro-monthly', url: null })]);
    // The victim still gets their own.
    const theirs = (await licCall(victim.accessToken, 'get_my_subscriptions')).body.data as { subscriptions: { url: string | null }[] };
    expect(theirs.subscriptions).toEqual([expect.objectContaining({ url: expect.stringMatching(/\/local\/checkout\/account\/.+#\/subscriptions$/) })]);
  });

  it('counts a customer\'s reads of their subscriptions (each asks the provider)', async () => {
    const buyer = await customer();
    await sandboxOrder(buyer.id, [{ path: 'pro-monthly', quantity: 1 }]);
    for (let read = 0; read < MAX_SUBSCRIPTION_READS_PER_HOUR; read++) expect((await licCall(buyer.accessToken, 'get_my_subscriptions')).status).toBe(200);
    const refused = await licCall(buyer.accessToken, 'get_my_subscriptions');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ status: 'error', message: attemptLimits.readSubscriptions.message });
  });

  it('marks a legacy license with its upgrade, which the owner then buys to extend it a year', async () => {
    const [buyer, boss] = await Promise.all([customer(), admin()]);
    await allowLegacy(boss, buyer.id);
    await sandboxOrder(buyer.id, [{ path: 'legacy-automation-year-1', quantity: 1 }]);
    const [legacy] = await licensesOf(buyer);
    expect(legacy).toMatchObject({ license_type_id: 'Automation', valid_to: expect.any(String) });
    expect((await licCall(boss.accessToken, 'update_license_to_fastspring', { license_id: legacy!.id, product: 'legacy-battery-year-2' })).status).toBe(400);
    expect((await licCall(boss.accessToken, 'update_license_to_fastspring', { license_id: legacy!.id, product: 'legacy-automation-year-2' })).status).toBe(200);
    expect((await licensesOf(buyer))[0]).toMatchObject({ to_fastspring_product: 'legacy-automation-year-2' });
    expect((await sandboxOrder(buyer.id, [{ path: 'legacy-automation-year-2', quantity: 1 }])).status).toBe(200);
    const upgraded = (await licensesOf(buyer))[0]!;
    expect(upgraded.valid_to! > legacy!.valid_to!).toBe(true);
    expect(upgraded).toMatchObject({ to_fastspring_product: 'legacy-automation-year-3' });
    // Nothing left marked for year 2: a second upgrade is not applied (recorded as failed; the portal's 202
    // is taken by the provider, which retries the event).
    expect((await sandboxOrder(buyer.id, [{ path: 'legacy-automation-year-2', quantity: 1 }])).status).toBe(200);
    expect((await licensesOf(buyer))[0]).toMatchObject({ valid_to: upgraded.valid_to, to_fastspring_product: 'legacy-automation-year-3' });
  });
});
