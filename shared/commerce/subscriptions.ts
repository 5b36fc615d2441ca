/**
 * A customer's own subscriptions, as the Licenses screen shows them: reading them asks the checkout
 * provider for each one's price and for the buyer's account page, so a customer's reads are counted.
 */

/** Reads of their subscriptions a customer may make in an hour (each asks the provider). */
export const MAX_SUBSCRIPTION_READS_PER_HOUR = 60;

export const mySubscriptionMessages = {
  readBudget: `Your subscriptions were read ${MAX_SUBSCRIPTION_READS_PER_HOUR} times in the last hour: try again later`,
} as const;
