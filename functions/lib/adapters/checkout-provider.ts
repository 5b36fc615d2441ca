import { ENV } from '../../../shared/runtime';
import { functionEnv } from '../runtime-env';
import { getSecret } from '../secrets';
import { secrets } from '../../registry';

/**
 * The checkout provider's REST API, seen from the portal: cancel a subscription at the end of its period
 * (and resume it before then) or end it now, change a subscription's product or quantity, read what it charges, and get a
 * pre-authenticated account page. FastSpring in AWS
 * (HTTP Basic with the API credentials secret); locally the checkout sandbox serves the same calls,
 * records them and sends the webhooks FastSpring would.
 */
export interface CheckoutProvider {
  cancelSubscription(reference: string): Promise<void>;
  /** Resumes a subscription canceled at the end of its period, before that end: it renews again. */
  uncancelSubscription(reference: string): Promise<void>;
  /** Ends a subscription today instead of at the end of its period (no further charge). */
  endSubscriptionNow(reference: string): Promise<void>;
  /**
   * Changes a subscription's product or quantity: prorated (charged or credited now, the default), or
   * not (`prorate: false`: what is paid for runs its period, the next charge is for the new quantity).
   */
  changeSubscriptionProduct(reference: string, product: string, quantity: number, options?: { prorate?: boolean }): Promise<void>;
  /** What a subscription charges a period for one license, as the provider displays it ("€99.00"); null when it does not say. */
  subscriptionPrice(reference: string): Promise<string | null>;
  /** The account-management page of a buyer, pre-authenticated; null when the provider gives none. */
  accountUrl(account: string): Promise<string | null>;
  /**
   * The email of a buyer's account at the provider (its contact), null when it has none. The checkout only
   * pre-fills the buyer's email: the order is filed under the account of the email typed, which may not be
   * the portal user's.
   */
  accountEmail(account: string): Promise<string | null>;
}

/** The provider refused a call, or did not answer. */
export class CheckoutProviderError extends Error {
  override readonly name = 'CheckoutProviderError';
}

type Json = Record<string, unknown>;

export function getCheckoutProvider(env: Readonly<Record<string, string | undefined>> = functionEnv()): CheckoutProvider {
  const base = (env[ENV.checkoutApiUrl] || 'https://api.fastspring.com').replace(/\/$/, '');
  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    const credentials = await getSecret(secrets.fastspringApi.env);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(8_000),
      });
    } catch (error) {
      throw new CheckoutProviderError(`The checkout provider did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) throw new CheckoutProviderError(`The checkout provider answered ${response.status} to ${method} ${path}`);
    return (await response.json().catch(() => ({}))) as Json;
  }
  /** FastSpring answers 200 with a per-item result; an item's `error` is the refusal. */
  const checked = (answer: Json, key: string) => {
    const results = Array.isArray(answer[key]) ? (answer[key] as Json[]) : [];
    const failed = results.find((result) => result.result === 'error' || result.error);
    if (failed) throw new CheckoutProviderError(`The checkout provider refused: ${JSON.stringify(failed.error ?? failed)}`);
    return results;
  };
  return {
    async cancelSubscription(reference) {
      checked(await call('DELETE', `/subscriptions/${encodeURIComponent(reference)}`), 'subscriptions');
    },
    async uncancelSubscription(reference) {
      // FastSpring resumes a canceled subscription by an update that clears its deactivation.
      checked(await call('POST', '/subscriptions', { subscriptions: [{ subscription: reference, deactivation: null }] }), 'subscriptions');
    },
    async endSubscriptionNow(reference) {
      // billingPeriod=0: the cancellation takes effect now, not at the end of the period paid for.
      checked(await call('DELETE', `/subscriptions/${encodeURIComponent(reference)}?billingPeriod=0`), 'subscriptions');
    },
    async changeSubscriptionProduct(reference, product, quantity, { prorate = true } = {}) {
      checked(await call('POST', '/subscriptions', { subscriptions: [{ subscription: reference, product, quantity, prorate }] }), 'subscriptions');
    },
    async subscriptionPrice(reference) {
      // One id answers the subscription itself; a list of ids answers them under `subscriptions`.
      const answer = await call('GET', `/subscriptions/${encodeURIComponent(reference)}`);
      const subscription = Array.isArray(answer.subscriptions) ? ((answer.subscriptions as Json[])[0] ?? {}) : answer;
      return typeof subscription.priceDisplay === 'string' && subscription.priceDisplay ? subscription.priceDisplay : null;
    },
    async accountUrl(account) {
      const [result] = checked(await call('GET', `/accounts/${encodeURIComponent(account)}/authenticate`), 'accounts');
      return typeof result?.url === 'string' ? `${result.url}#/subscriptions` : null;
    },
    async accountEmail(account) {
      // One id answers the account itself; a list of ids answers them under `accounts`.
      const answer = await call('GET', `/accounts/${encodeURIComponent(account)}`);
      const found = Array.isArray(answer.accounts) ? ((answer.accounts as Json[])[0] ?? {}) : answer;
      if (found.result === 'error' || found.error) throw new CheckoutProviderError(`The checkout provider refused: ${JSON.stringify(found.error ?? found)}`);
      const email = (found.contact as Json | undefined)?.email;
      return typeof email === 'string' && email ? email : null;
    },
  };
}
