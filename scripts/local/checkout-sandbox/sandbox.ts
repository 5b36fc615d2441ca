import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { SALES_CATALOGUE, catalogueItem, MAX_PURCHASE_QUANTITY } from '../../../shared/commerce/catalogue';
import { appendRecord } from '../../../functions/lib/adapters/local-outbox';

/**
 * The local stand-in for the checkout provider (FastSpring): the Store Builder script's browser API
 * (builder.js), orders a person completes in its popup, the REST calls the portal makes, and, for each,
 * the signed webhooks FastSpring would send, in its format, delivered to the portal's /api/fastspring
 * before the call answers (so the popup closes onto licenses that exist). Prices and tax come from
 * catalogue.json. Subscriptions live in a state file of the data folder; every call is recorded.
 */

export interface SandboxOptions {
  /** The portal's base URL, known once it listens. */
  portalUrl: () => string;
  webhookSecret: string;
  /** username:password the REST calls must carry (the API credentials secret). */
  apiCredentials: string;
  dataDir: string;
  /**
   * The test tenant of the call being served and the headers that name a tenant (scripts/local/tenants.ts):
   * a subscription keeps the tenant it was bought in, and its later webhooks (also those the portal's REST
   * calls cause, which name none) go to that tenant. Absent on `npm start`.
   */
  tenants?: { current(): string | undefined; headers(tenant: string): Record<string, string> };
}

interface Prices {
  currency: string;
  taxRate: number;
  prices: Record<string, number>;
}

/**
 * The sandbox's script, as served, with its Subresource Integrity hash: the local stack puts the hash
 * into /config.json as the operator does for FastSpring's script, so the SPA pins it the same way.
 */
export function sandboxBuilderScript(): { bytes: Buffer; integrity: string } {
  const bytes = readFileSync(join(import.meta.dirname, 'builder.js'));
  return { bytes, integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}` };
}

export const sandboxPrices = (): Prices => JSON.parse(readFileSync(join(import.meta.dirname, 'catalogue.json'), 'utf8')) as Prices;

interface SandboxSubscription {
  id: string;
  account: string;
  product: string;
  quantity: number;
  state: 'active' | 'overdue' | 'canceled' | 'deactivated';
  intervalUnit: 'year' | 'month';
  next: number;
  order: string;
  /** The test tenant it was bought in (SandboxOptions.tenants). */
  tenant?: string;
}

/** A buyer's account, as the first order typed it: later orders with the same email are filed under it. */
interface SandboxAccount {
  email: string;
  first?: unknown;
  last?: unknown;
  company?: unknown;
}

interface SandboxState {
  orders: number;
  subscriptions: Record<string, SandboxSubscription>;
  accounts?: Record<string, SandboxAccount>;
}

type Json = Record<string, unknown>;

/** The base64 HMAC-SHA256 of a body: the X-FS-Signature FastSpring sends. */
export const signDelivery = (body: string, secret: string): string => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

const addInterval = (from: number, unit: 'year' | 'month') => {
  const date = new Date(from);
  if (unit === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
};

/** A sandbox price as FastSpring displays one ("€990.00"). */
const displayPrice = (amount: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);

/** A subscription as FastSpring expands it in webhooks and answers (its price per unit, before tax). */
const expanded = (sub: SandboxSubscription) => {
  const { currency, prices } = sandboxPrices();
  const price = prices[sub.product] ?? 0;
  return { ...subscriptionFields(sub), currency, price, priceDisplay: displayPrice(price, currency) };
};

const subscriptionFields = (sub: SandboxSubscription) => ({
  id: sub.id,
  subscription: sub.id,
  active: sub.state !== 'deactivated',
  state: sub.state,
  live: false,
  account: sub.account,
  product: sub.product,
  quantity: sub.quantity,
  intervalUnit: sub.intervalUnit,
  intervalLength: 1,
  next: sub.state === 'deactivated' ? null : sub.next,
  nextInSeconds: sub.state === 'deactivated' ? null : Math.floor(sub.next / 1000),
  end: sub.state === 'deactivated' ? Date.now() : null,
});

export function createCheckoutSandbox(options: SandboxOptions): Hono {
  const stateFile = join(options.dataDir, 'checkout-sandbox.json');
  const callsFile = join(options.dataDir, 'checkout-calls.jsonl');
  const load = (): SandboxState => (existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as SandboxState) : { orders: 0, subscriptions: {} });
  const save = (state: SandboxState) => writeFileSync(stateFile, JSON.stringify(state, null, 2));
  /**
   * Changes the state read afresh, with no await between reading and writing: a state read before an await
   * (a delivery takes seconds) and written after it would undo what other calls changed meanwhile.
   */
  const update = (change: (state: SandboxState) => void) => {
    const state = load();
    change(state);
    save(state);
  };
  const record = (call: Json) => appendRecord(callsFile, { at: new Date().toISOString(), ...call });
  const event = (type: string, data: Json) => ({ id: `evt-${randomBytes(8).toString('hex')}`, type, live: false, processed: false, created: Date.now(), data });

  /** Sends events as FastSpring does: one signed POST; answers which ids the portal took. */
  async function deliver(events: Json[], sub?: SandboxSubscription): Promise<{ ok: boolean; status: number; body: string }> {
    const body = JSON.stringify({ events });
    const tenant = options.tenants?.current() ?? sub?.tenant;
    const response = await fetch(`${options.portalUrl()}/api/fastspring`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-FS-Signature': signDelivery(body, options.webhookSecret),
        ...(tenant && options.tenants ? options.tenants.headers(tenant) : {}),
      },
      body,
    });
    const text = await response.text();
    record({ kind: 'webhook', events: events.map((e) => `${e.type as string} ${e.id as string}`), status: response.status });
    // Any 2xx is taken, as FastSpring takes it: the portal's 202 (some events recorded as failed, to be
    // retried) is an answer, not a failure of the delivery.
    return { ok: response.ok, status: response.status, body: text };
  }

  const app = new Hono().basePath('/local/checkout');

  // The bytes the integrity hash was computed from, not re-encoded.
  app.get('/builder.js', (c) =>
    c.body(new Uint8Array(sandboxBuilderScript().bytes), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }),
  );

  app.get('/catalogue', (c) => {
    const { currency, taxRate, prices } = sandboxPrices();
    const products = SALES_CATALOGUE.map((item) => ({ path: item.path, display: item.licenseType, price: prices[item.path] ?? 0, subscription: item.subscription, interval: item.interval }));
    return c.json({ currency, taxRate, products });
  });

  /** An order completed in the popup: the webhooks FastSpring sends for it, then its id and reference. */
  app.post('/orders', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Json | null;
    const items = Array.isArray(body?.items) ? (body.items as Json[]) : [];
    const contact = (body?.contact ?? {}) as Json;
    const tags = (body?.tags ?? {}) as Json;
    const lines = items.filter((item) => typeof item.quantity === 'number' && item.quantity > 0);
    if (!lines.length) return c.json({ message: 'The cart is empty' }, 400);
    for (const line of lines) {
      if (typeof line.path !== 'string' || !catalogueItem(line.path)) return c.json({ message: `Unknown product ${String(line.path)}` }, 400);
      if (!Number.isInteger(line.quantity) || (line.quantity as number) > MAX_PURCHASE_QUANTITY) return c.json({ message: 'Quantity is 0 to 10' }, 400);
    }
    if (typeof contact.email !== 'string' || !contact.email.includes('@')) return c.json({ message: 'The buyer has no email (recognize first)' }, 400);

    const number = load().orders + 1;
    const now = Date.now();
    const day = new Date(now).toISOString().slice(2, 10).replace(/-/g, '');
    const orderId = `sbx-order-${randomBytes(6).toString('hex')}`;
    const reference = `SBX${day}-${String(number).padStart(4, '0')}-${randomBytes(2).toString('hex').toUpperCase()}`;
    const account = `sbx-acct-${createHmac('sha256', 'account').update(contact.email.toLowerCase()).digest('hex').slice(0, 12)}`;
    const { taxRate, prices, currency } = sandboxPrices();
    const subscriptions: SandboxSubscription[] = [];
    const orderItems = lines.map((line) => {
      const item = catalogueItem(line.path as string)!;
      const quantity = line.quantity as number;
      let subscription: SandboxSubscription | undefined;
      if (item.subscription) {
        const intervalUnit = item.interval === 'month' ? 'month' : 'year';
        subscription = { id: `sbx-sub-${randomBytes(6).toString('hex')}`, account, product: item.path, quantity, state: 'active', intervalUnit, next: addInterval(now, intervalUnit), order: orderId, tenant: options.tenants?.current() };
        subscriptions.push(subscription);
      }
      const subtotal = (prices[item.path] ?? 0) * quantity;
      return { product: item.path, display: item.licenseType, quantity, subtotal, ...(subscription ? { subscription: expanded(subscription) } : {}) };
    });
    const subtotal = orderItems.reduce((sum, item) => sum + item.subtotal, 0);
    const order = {
      id: orderId,
      order: orderId,
      reference,
      live: false,
      currency,
      account: { id: account, contact: { first: contact.firstName, last: contact.lastName, email: contact.email, company: contact.company ?? null } },
      tags,
      subtotal,
      tax: Math.round(subtotal * taxRate * 100) / 100,
      total: Math.round(subtotal * (1 + taxRate) * 100) / 100,
      items: orderItems,
      completed: true,
      changed: now,
    };
    record({ kind: 'order', order: orderId, reference, tags, items: lines });
    const delivered = await deliver([event('order.completed', order), ...subscriptions.map((sub) => event('subscription.activated', expanded(sub)))]);
    if (!delivered.ok) return c.json({ message: `The portal did not take the order's webhooks (${delivered.status} ${delivered.body})` }, 502);
    update((state) => {
      state.orders = Math.max(state.orders, number);
      state.accounts = { ...state.accounts };
      state.accounts[account] ??= { email: contact.email as string, first: contact.firstName, last: contact.lastName, company: contact.company ?? null };
      for (const subscription of subscriptions) state.subscriptions[subscription.id] = subscription;
    });
    return c.json({ id: orderId, reference });
  });

  /**
   * For developers and tests: what the provider would send later (a renewal, a failed payment, the buyer's
   * cancel on the account page, the end, a refund).
   */
  app.post('/subscriptions/:id/events/:type', async (c) => {
    const state = load();
    const sub = state.subscriptions[c.req.param('id')];
    if (!sub) return c.json({ message: 'Unknown subscription' }, 404);
    const type = c.req.param('type');
    if (type === 'charge.completed') {
      sub.next = addInterval(sub.next, sub.intervalUnit);
      sub.state = 'active';
    } else if (type === 'payment.overdue') sub.state = 'overdue';
    else if (type === 'canceled') sub.state = 'canceled';
    else if (type === 'deactivated') sub.state = 'deactivated';
    else if (type === 'uncanceled') sub.state = 'active';
    else return c.json({ message: `Unknown event ${type}` }, 400);
    save(state);
    const data = type === 'charge.completed' ? { subscription: expanded(sub), order: sub.order, total: 0 } : expanded(sub);
    const delivered = await deliver([event(`subscription.${type}`, data)], sub);
    return c.json(delivered, delivered.ok ? 200 : 502);
  });

  app.post('/orders/:id/return', async (c) => {
    const orderId = c.req.param('id');
    const delivered = await deliver([event('return.created', { id: `sbx-return-${randomBytes(4).toString('hex')}`, original: { id: orderId, order: orderId } })]);
    return c.json(delivered, delivered.ok ? 200 : 502);
  });

  // The REST API the portal calls (FastSpring's paths), with HTTP Basic.
  const authorized = (c: Context) => {
    const expected = Buffer.from(`Basic ${Buffer.from(options.apiCredentials).toString('base64')}`);
    const given = Buffer.from(c.req.header('authorization') ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  app.use('/api/*', async (c, next) => {
    if (!authorized(c)) return c.json({ error: 'Unauthorized' }, 401);
    await next();
  });

  app.delete('/api/subscriptions/:id', async (c) => {
    const state = load();
    const id = c.req.param('id');
    const sub = state.subscriptions[id];
    // billingPeriod=0 ends it now (deactivated at once); without it, it is canceled at the end of the period.
    const now = c.req.query('billingPeriod') === '0';
    record({ kind: 'rest', call: `DELETE /subscriptions/${id}${now ? '?billingPeriod=0' : ''}` });
    if (!sub) return c.json({ subscriptions: [{ subscription: id, action: 'subscription.cancel', result: 'error', error: { subscription: 'not found' } }] });
    sub.state = now ? 'deactivated' : 'canceled';
    save(state);
    await deliver([event(now ? 'subscription.deactivated' : 'subscription.canceled', expanded(sub))], sub);
    return c.json({ subscriptions: [{ subscription: id, action: 'subscription.cancel', result: 'success' }] });
  });

  app.get('/api/subscriptions/:id', (c) => {
    const id = c.req.param('id');
    record({ kind: 'rest', call: `GET /subscriptions/${id}` });
    const sub = load().subscriptions[id];
    return sub ? c.json(expanded(sub)) : c.json({ subscription: id, action: 'subscription.get', result: 'error', error: { subscription: 'not found' } }, 400);
  });

  app.post('/api/subscriptions', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { subscriptions?: { subscription: string; product?: string; quantity?: number; deactivation?: null }[] };
    record({ kind: 'rest', call: 'POST /subscriptions', body });
    const results = [];
    for (const change of body.subscriptions ?? []) {
      let sub: SandboxSubscription | undefined;
      // `deactivation: null` resumes a subscription canceled at the end of its period (not one ended).
      if (change.deactivation === null) {
        update((state) => {
          const found = state.subscriptions[change.subscription];
          if (found?.state !== 'canceled') return;
          found.state = 'active';
          sub = found;
        });
        if (!sub) {
          results.push({ subscription: change.subscription, action: 'subscription.update', result: 'error', error: { uncancel: 'Subscription is not canceled.' } });
          continue;
        }
        await deliver([event('subscription.uncanceled', expanded(sub))], sub);
        results.push({ subscription: sub.id, action: 'subscription.update', result: 'success' });
        continue;
      }
      update((state) => {
        const found = state.subscriptions[change.subscription];
        if (!found || !change.product || !catalogueItem(change.product)) return;
        found.product = change.product;
        if (change.quantity) found.quantity = change.quantity;
        sub = found;
      });
      if (!sub) {
        results.push({ subscription: change.subscription, action: 'subscription.update', result: 'error', error: { subscription: 'not found' } });
        continue;
      }
      await deliver([event('subscription.updated', expanded(sub))], sub);
      results.push({ subscription: sub.id, action: 'subscription.update', result: 'success' });
    }
    return c.json({ subscriptions: results });
  });

  app.get('/api/accounts/:id/authenticate', (c) => {
    const id = c.req.param('id');
    record({ kind: 'rest', call: `GET /accounts/${id}/authenticate` });
    return c.json({ accounts: [{ account: id, action: 'account.authenticate', result: 'success', url: `${options.portalUrl()}/local/checkout/account/${id}` }] });
  });

  app.get('/api/accounts/:id', (c) => {
    const id = c.req.param('id');
    record({ kind: 'rest', call: `GET /accounts/${id}` });
    const account = load().accounts?.[id];
    if (!account) return c.json({ account: id, action: 'account.get', result: 'error', error: { account: 'not found' } }, 400);
    const { email, first, last, company } = account;
    return c.json({ id, account: id, action: 'account.get', result: 'success', contact: { first, last, email, company } });
  });

  /** The account page the portal links to (FastSpring's account management, much simplified). */
  app.get('/account/:id', (c) => {
    const account = c.req.param('id');
    const subs = Object.values(load().subscriptions).filter((sub) => sub.account === account);
    // Every value is escaped (html``): the account id comes from the address, so it may carry markup.
    const rows = subs.map(
      (sub) => html`<tr><td>${sub.id}</td><td>${sub.product}</td><td>${sub.quantity}</td><td>${sub.state}</td><td>${new Date(sub.next).toISOString().slice(0, 10)}</td></tr>`,
    );
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox account</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}td,th{padding:.4rem .8rem;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Sandbox account ${account}</h1><p>The local checkout sandbox's stand-in for the provider's account page.</p>
<table><thead><tr><th>Subscription</th><th>Product</th><th>Quantity</th><th>State</th><th>Next charge</th></tr></thead><tbody>${rows}</tbody></table></body></html>`);
  });

  return app;
}
