import { subscriptionKind } from './subscription.kind';
import type { DomainDeclaration } from '../../lib/records/domain';
import { OrderEntity } from './order.entity';
import { ProviderSubscriptionEntity, SubscriptionEntity } from './subscription.entity';

/** The commerce domain: what the user bought. */
export const commerceDomain = {
  domain: 'commerce',
  kinds: [subscriptionKind],
  parts: [
    {
      what: 'orders: the buyer id, the licenses and add-ons each created or extended',
      entities: [OrderEntity],
      fate: 'keep',
      why: 'bookkeeping: sales and refunds must be accounted for years; a refund after the deletion still finds its licenses; ids only (the buyer details are the provider\'s)',
    },
    {
      what: 'subscriptions: their rows and the provider subscription (buyer id, provider account id)',
      entities: [SubscriptionEntity, ProviderSubscriptionEntity],
      fate: 'keep',
      why: "the provider's later events (renewals, cancellations, refunds) name them; their licenses are detached, so a renewal grants nothing usable. Cancelling at the provider is the operator's step (decision 029)",
    },
  ],
} as const satisfies DomainDeclaration;
