import type { licContract, MySubscription } from '../../../shared/contract/lic';
import { findProviderSubscription, findSubscription, type SubscriptionRecord } from '../../domain/commerce/commerce.repository';
import { subscriptionList } from '../../domain/commerce/subscription-list';
import type { CheckoutProvider } from '../../lib/adapters/checkout-provider';
import { getCheckoutProvider } from '../../lib/adapters/checkout-provider';
import type { EndpointHandlers } from '../../endpoint';
import { logger } from '../../lib/logger';
import { subscriptionInterval } from './subscriptions';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** What the provider says, or null when it does not answer: the list shows without it. */
const orNull = <T>(work: Promise<T | null>, what: string): Promise<T | null> =>
  work.catch((error: unknown) => (logger.warn(`No ${what} from the checkout provider`, { error }), null));

/**
 * The signed-in account page of a provider account, only when that account's email is the caller's: the
 * checkout pre-fills the buyer's email but lets them type another, and the provider files the order under
 * the account of the email typed. A customer who typed someone else's email must not get a signed-in link
 * to that person's invoices, address and payment method; they sign in at the provider with the email used.
 */
async function ownAccountUrl(checkout: CheckoutProvider, account: string, callerEmail: string): Promise<string | null> {
  const email = await orNull(checkout.accountEmail(account), 'account email');
  if (email?.toLowerCase() !== callerEmail.toLowerCase()) return null;
  return orNull(checkout.accountUrl(account), 'account page');
}

/**
 * The subscriptions the caller pays for: the rows bought by them (a moved license's subscription stays
 * its buyer's: they pay for it), found through the subscription list and read back from their records,
 * which decide whose they are. Each with its price and, when the provider account is the caller's email's,
 * its account page. A customer's reads an hour are limited (the contract's `readSubscriptions`): each asks
 * the provider.
 */
export const getMySubscriptions: LicHandlers['get_my_subscriptions'] = async (_params, { viewer }) => {
  const { id: userId, email: callerEmail } = await viewer.user();
  const listed = [...(await subscriptionList.current()).values()].filter((row) => row.user_id === userId);
  const records = (await Promise.all(listed.map((row) => findSubscription(row.id)))).filter((row): row is SubscriptionRecord => row?.user_id === userId);
  if (!records.length) return { subscriptions: [] };

  const checkout = getCheckoutProvider();
  const references = [...new Set(records.map((row) => row.reference))];
  const providers = await Promise.all(references.map(findProviderSubscription));
  const accounts = [...new Set(providers.flatMap((provider) => (provider?.account ? [provider.account] : [])))];
  const [prices, urls] = await Promise.all([
    Promise.all(references.map((reference) => orNull(checkout.subscriptionPrice(reference), 'price'))),
    Promise.all(accounts.map((account) => ownAccountUrl(checkout, account, callerEmail))),
  ]);
  const priceOf = new Map(references.map((reference, i) => [reference, prices[i] ?? null]));
  const urlOf = new Map(accounts.map((account, i) => [account, urls[i] ?? null]));
  const accountOf = new Map(references.map((reference, i) => [reference, providers[i]?.account]));

  const subscriptions: MySubscription[] = records
    .sort((a, b) => b.id - a.id)
    .map((row) => {
      const account = accountOf.get(row.reference);
      return {
        id: row.id,
        license_id: row.license_id,
        product: row.product,
        addon_id: row.addon_id ?? null,
        state: row.state,
        renews_at: row.renews_at ?? null,
        interval: subscriptionInterval(row.product),
        amount: priceOf.get(row.reference) ?? null,
        url: account ? (urlOf.get(account) ?? null) : null,
      };
    });
  return { subscriptions };
};
