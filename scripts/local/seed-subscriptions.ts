import { findSubscription } from '../../functions/domain/commerce/commerce.repository';
import { licenseChangeWrites, ownLicenses, type LicenseRecord } from '../../functions/domain/licenses/licenses.repository';
import { getCheckoutProvider } from '../../functions/lib/adapters/checkout-provider';
import { executeTransaction } from '../../functions/lib/db/write-transaction';

export interface Buyer {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** What the demo customer buys: a Pro subscription with its add-on's (an admin can convert it), and a Pro monthly one they cancel. */
const DEMO_ORDERS = [
  [
    { path: 'pro-yearly', quantity: 1 },
    { path: 'automation-addon-yearly', quantity: 1 },
  ],
  [{ path: 'pro-monthly', quantity: 1 }],
];
const CANCELED_PRODUCT = 'pro-monthly';

/** The subscription licenses of a user whose subscription record exists, and those that name one that does not. */
async function subscriptionLicenses(userId: number): Promise<{ real: LicenseRecord[]; dangling: LicenseRecord[] }> {
  const real: LicenseRecord[] = [];
  const dangling: LicenseRecord[] = [];
  for (const license of await ownLicenses(userId)) {
    if (license.subscription_id === undefined) continue;
    ((await findSubscription(license.subscription_id)) ? real : dangling).push(license);
  }
  return { real, dangling };
}

/** Buys through the checkout sandbox as its popup does: answers once the provider's webhooks were applied. */
async function sandboxOrder(portalUrl: string, buyer: Buyer, items: { path: string; quantity: number }[]): Promise<void> {
  const response = await fetch(`${portalUrl}/local/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items, contact: { email: buyer.email, firstName: buyer.first_name, lastName: buyer.last_name }, tags: { user_id: buyer.id } }),
  });
  if (!response.ok) throw new Error(`The demo order of ${items.map((item) => item.path).join(', ')} failed: ${response.status} ${await response.text()}`);
}

/**
 * The demo customer's subscription licenses, bought through the checkout sandbox the way a customer buys
 * them (order, the provider's webhooks, the portal's subscription records and the sandbox's own
 * subscription), so an admin can open, cancel and convert each as a real one: a Pro yearly subscription
 * with an Automation add-on subscription on it (convertible to the toolbox), and a Pro monthly one canceled
 * at the provider (it runs to the end of its month). Run as the seed unit once the portal listens (the
 * sandbox delivers its webhooks to it).
 *
 * Once: a buyer with a real subscription keeps what they have. A data folder from before this seeded
 * licenses naming subscriptions that never existed (1001, 1002): those are detached from them (they stay
 * as licenses with their end) before the subscriptions are bought.
 */
export async function seedDemoSubscriptions(portalUrl: string, buyer: Buyer): Promise<void> {
  const { real, dangling } = await subscriptionLicenses(buyer.id);
  if (real.length > 0) return;
  for (const license of dangling) {
    await executeTransaction(licenseChangeWrites(license, { subscription_id: null, subscription_state: null }));
    console.log(`Demo license ${license.id} named subscription ${license.subscription_id}, which does not exist: detached from it`);
  }
  for (const items of DEMO_ORDERS) await sandboxOrder(portalUrl, buyer, items);
  const canceled = (await subscriptionLicenses(buyer.id)).real.map((license) => findSubscription(license.subscription_id!));
  for (const subscription of await Promise.all(canceled)) {
    // The sandbox answers once its subscription.canceled webhook was applied.
    if (subscription?.product === CANCELED_PRODUCT) await getCheckoutProvider().cancelSubscription(subscription.reference);
  }
}
