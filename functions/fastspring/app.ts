import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono/tiny';
import { apiMessages, describeSize } from '../../shared/api';
import { API_PREFIX } from '../../shared/runtime';
import { EventNotApplicableError, applyEvent } from '../domain/commerce/apply-event';
import { recordEventFailure } from '../domain/commerce/commerce.repository';
import { cancelAddonSubscriptionsWith, resumeAddonSubscriptionsWith } from '../domain/commerce/addon-subscriptions';
import { parseDelivery, readSubscription, type ProviderEvent } from '../domain/commerce/provider-event';
import { getCheckoutProvider } from '../lib/adapters/checkout-provider';
import { ApiError } from '../lib/errors';
import { bodyWithin, callLogKeys, errorAnswer as error, fromDistribution, type BodyLimit } from '../lib/request';
import { alertOperators, logger } from '../lib/logger';
import { getSecret } from '../lib/secrets';
import { endpoints, secrets } from '../registry';

/** The provider's deliveries are small (a few events); anything larger is not one. */
const MAX_DELIVERY_BYTES = 1024 * 1024;

/**
 * The only shape of a signature: the standard base64 of an HMAC-SHA256 (32 bytes) is 43 characters (the
 * last holds the final 4 bits, so it is one of 16) and one `=`, 44 in all. Anything else is refused before
 * any HMAC is computed: Node's base64 decoder skips characters it does not know and needs no pad, so
 * decoding alone would take other texts for the same signature.
 */
const SIGNATURE_FORMAT = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/;

export const webhookMessages = {
  badSignature: 'Invalid or missing X-FS-Signature',
  malformedSignature: 'X-FS-Signature must be the base64 HMAC-SHA256 of the body: 44 characters ending in =',
  badDelivery: 'Not a webhook delivery: expected {"events": [{"id", "type", "data"}]}',
  tooLarge: `A webhook delivery is at most ${describeSize(MAX_DELIVERY_BYTES)}`,
} as const;

/** As the API's other endpoints do: refused before it is read, the rest read so the sender sees the answer. */
const deliveryLimit: BodyLimit = { maxSize: MAX_DELIVERY_BYTES, message: webhookMessages.tooLarge };

/** Whether `signature` is the base64 HMAC-SHA256 of the raw body with the webhook secret (constant time). */
async function isSigned(rawBody: string, signature: string): Promise<boolean> {
  const expected = createHmac('sha256', await getSecret(secrets.fastspringWebhook.env)).update(rawBody, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Cancels at the provider the add-on subscriptions on the licenses of the subscription a canceled event names. */
async function cancelAddonsOf(event: ProviderEvent): Promise<void> {
  const reference = readSubscription(event.data)?.reference;
  if (!reference) return;
  const canceled = await cancelAddonSubscriptionsWith(reference, getCheckoutProvider());
  if (canceled.length) logger.info('Add-on subscriptions canceled with their license subscription', { reference, canceled });
}

/** Resumes at the provider the add-on subscriptions canceled with the subscription an uncanceled event names. */
async function resumeAddonsOf(event: ProviderEvent): Promise<void> {
  const reference = readSubscription(event.data)?.reference;
  if (!reference) return;
  const resumed = await resumeAddonSubscriptionsWith(reference, getCheckoutProvider());
  if (resumed.length) logger.info('Add-on subscriptions resumed with their license subscription', { reference, resumed });
}

/**
 * POST /api/fastspring: the checkout provider's webhook. Checks the signature over the raw body, then
 * applies each event once (in the delivery's order: an order before its subscription's activation).
 * Answers 200 when every event was taken, else 202 with the ids it took, one a line, so the provider
 * retries the others; an event that cannot be applied is recorded with its reason and logged.
 */
export const app = new Hono().basePath(`${API_PREFIX}/${endpoints.fastspring.path}`);
app.use(callLogKeys(endpoints.fastspring.path));

app.onError((err, c) => {
  // The distribution check's refusal is the caller's; anything else is a failure the operators hear of.
  if (err instanceof ApiError) return error(c, err.httpStatus, err.message);
  alertOperators('webhookEventFailed', 'Unhandled webhook error', { error: err });
  return error(c, 500, apiMessages.internal);
});

app.post(
  '/',
  bodyWithin(() => deliveryLimit, [deliveryLimit]),
  fromDistribution,
  async (c) => {
    const rawBody = await c.req.text();
    // Header names are case-insensitive: X-FS-Signature, x-fs-signature …
    const signature = c.req.header('x-fs-signature');
    if (signature && !SIGNATURE_FORMAT.test(signature)) {
      logger.warn('Webhook delivery with a malformed signature refused');
      return error(c, 401, webhookMessages.malformedSignature);
    }
    if (!signature || !(await isSigned(rawBody, signature))) {
      logger.warn('Webhook delivery with a bad or missing signature refused');
      return error(c, 401, webhookMessages.badSignature);
    }
    let events: ReturnType<typeof parseDelivery>;
    try {
      events = parseDelivery(JSON.parse(rawBody));
    } catch {
      events = null;
    }
    if (!events) return error(c, 400, webhookMessages.badDelivery);

    const taken: string[] = [];
    for (const event of events) {
      try {
        const outcome = await applyEvent(event);
        logger.info('Webhook event', { eventId: event.id, type: event.type, outcome });
        // A license's subscription canceled (by its buyer, on the provider's account page, or by an admin):
        // its add-on subscriptions are canceled with it; resumed, they are resumed. Also after a duplicate:
        // a delivery whose add-on calls failed is retried by the provider, and this finishes them. Both go
        // by the license subscription's stored state, not the event's: a cancel delivered again after the
        // buyer resumed cancels nothing.
        if (event.type === 'subscription.canceled' && outcome !== 'partial') await cancelAddonsOf(event);
        if (event.type === 'subscription.uncanceled' && outcome !== 'partial') await resumeAddonsOf(event);
        if (outcome !== 'partial') taken.push(event.id);
      } catch (err) {
        const reason = err instanceof EventNotApplicableError ? err.message : `Internal error: ${(err as Error).message}`;
        alertOperators('webhookEventFailed', 'Webhook event not applied', { eventId: event.id, type: event.type, reason });
        await recordEventFailure(event.id, event.type, reason);
      }
    }
    if (taken.length === events.length) return c.json({ status: 'ok', data: { processed: taken } }, 200);
    return c.text(taken.join('\n'), 202);
  },
);
app.all('/', (c) => error(c, 405, apiMessages.methodNotAllowed));
