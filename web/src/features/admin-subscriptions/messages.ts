import { catalogueItem } from '../../../../shared/commerce/catalogue';

/** A catalogue product by its name ("Pro"), or its path when the catalogue does not know it. */
export const productName = (path: string): string => catalogueItem(path)?.licenseType ?? path;

/** What the subscription screens and the subscription actions say. */
export const subscriptionNotices = {
  canceled: (subscriptionId: number) => `Subscription ${subscriptionId} canceled`,
  converted: (subscriptionId: number, product: string) => `Subscription ${subscriptionId} converted to ${productName(product)}`,
} as const;

export const subscriptionTexts = {
  cancelQuestion: (subscriptionId: number, licenseId: number) =>
    `Cancel subscription ${subscriptionId} of license ${licenseId}? The license stays valid to the end of the period paid for and does not renew.`,
  convertQuestion: (subscriptionId: number, licenseId: number) =>
    `Convert subscription ${subscriptionId} of license ${licenseId}, Pro with one add-on, into the Automation and Battery toolbox of the same interval? The provider prorates the change.`,
  noSubscriptions: 'No subscriptions yet.',
  noMatch: 'No subscriptions match the search.',
  subscriptionCount: (count: number) => `${count} ${count === 1 ? 'subscription' : 'subscriptions'}`,
  noAccountPage: 'Not available',
  addonSubscription: (licenseId: number) =>
    `An add-on's subscription: Cancel here would end license ${licenseId}'s own subscription, so cancel the add-on on the provider's account page.`,
} as const;
