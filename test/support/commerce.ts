import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { readRecords } from '../../functions/lib/adapters/local-outbox';

/** The local stack's webhook secret. */
export const webhookSecret = () => inject('localStack').functionEnv.FASTSPRING_WEBHOOK_SECRET!;

/** A webhook delivery as the checkout provider posts it, signed with the stack's webhook secret unless told. */
export async function deliver(events: object[], { signature, header = 'X-FS-Signature' }: { signature?: string | null; header?: string } = {}) {
  const body = JSON.stringify({ events });
  const signed = signature === undefined ? createHmac('sha256', webhookSecret()).update(body).digest('base64') : signature;
  const response = await fetch(`${inject('baseUrl')}/api/fastspring`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signed === null ? {} : { [header]: signed }) },
    body,
  });
  return { status: response.status, text: await response.text() };
}

let sequence = 0;
/** A provider event with a fresh id. */
export const providerEvent = (type: string, data: object, id = `evt-test-${Date.now()}-${++sequence}`) => ({ id, type, live: false, processed: false, created: Date.now(), data });

/** Buys through the checkout sandbox, as its popup does: answers once the webhooks were applied. */
export async function sandboxOrder(userId: number, items: { path: string; quantity: number }[], email = `buyer${userId}@example.com`) {
  const response = await fetch(`${inject('baseUrl')}/local/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items, contact: { email, firstName: 'Test', lastName: 'Buyer' }, tags: { user_id: userId } }),
  });
  return { status: response.status, body: (await response.json()) as { id: string; reference: string; message?: string } };
}

/** What the sandbox sends for a subscription later (charge.completed, payment.overdue, deactivated …). */
export async function sandboxSubscriptionEvent(reference: string, type: string) {
  const response = await fetch(`${inject('baseUrl')}/local/checkout/subscriptions/${reference}/events/${type}`, { method: 'POST' });
  return response.status;
}

/** A change of subscriptions the portal posted to the provider, as it sent it. */
export interface SubscriptionChangeCall {
  subscription: string;
  product: string;
  quantity?: number;
  prorate?: boolean;
}

/** The REST calls (with a posted change's body) and webhooks the sandbox recorded. */
export const sandboxCalls = () => readRecords<{ kind: string; call?: string; body?: { subscriptions?: SubscriptionChangeCall[] } }>(join(dirname(inject('localStack').functionEnv.LOCAL_MAILBOX_FILE!), 'checkout-calls.jsonl'));

/** A subscription as the checkout sandbox (the provider) holds it, or undefined when it has none of that id. */
export function sandboxSubscription(reference: string): { state: string; quantity: number; product: string } | undefined {
  const file = join(dirname(inject('localStack').functionEnv.LOCAL_MAILBOX_FILE!), 'checkout-sandbox.json');
  const state = JSON.parse(readFileSync(file, 'utf8')) as { subscriptions: Record<string, { state: string; quantity: number; product: string }> };
  return state.subscriptions[reference];
}
