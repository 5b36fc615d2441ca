import { catalogueItem } from '../../../../shared/commerce/catalogue';

/** A catalogue product by its name ("Pro"), or its path when the catalogue does not know it. */
export const productName = (path: string): string => catalogueItem(path)?.licenseType ?? path;

/** What the subscription screens and the subscription actions say. */
/** "12", "12 and 13", "12, 13 and 14". */
const listed = (ids: readonly number[]) => (ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`);

export const subscriptionNotices = {
  canceled: (subscriptionId: number, addonIds: readonly number[] = []) =>
    addonIds.length
      ? `Subscription ${subscriptionId} canceled, and with it add-on ${addonIds.length === 1 ? 'subscription' : 'subscriptions'} ${listed(addonIds)}`
      : `Subscription ${subscriptionId} canceled`,
  converted: (subscriptionId: number, product: string) => `Subscription ${subscriptionId} converted to ${productName(product)}`,
} as const;

export const subscriptionTexts = {
  cancelQuestion: (subscriptionId: number, licenseId: number) =>
    `Cancel subscription ${subscriptionId} of license ${licenseId}? The license stays valid to the end of the period paid for and does not renew.`,
  /** What Cancel also cancels: every add-on subscription still charging on its licenses (none is left renewing). */
  cancelAddons: 'Its add-on subscriptions end with it: each is canceled at the provider too and runs out with the period paid for:',
  cancelAddonsUnknown: 'Any add-on subscription on its licenses is canceled at the provider with it.',
  cancelAddonsLoading: 'Looking for add-on subscriptions on its licenses…',
  cancelAddon: (addon: { id: number; addon_id: string; license_id: number; renews_at: string | null }) =>
    `${addon.addon_id} on license ${addon.license_id}: subscription ${addon.id}${addon.renews_at ? `, would renew on ${addon.renews_at}` : ''}`,
  convertQuestion: (subscriptionId: number, licenseId: number) =>
    `Convert subscription ${subscriptionId} of license ${licenseId}, Pro with one add-on, into the Automation and Battery toolbox of the same interval? The provider prorates the change.`,
  noSubscriptions: 'No subscriptions yet.',
  noMatch: 'No subscriptions match the search.',
  subscriptionCount: (count: number) => `${count} ${count === 1 ? 'subscription' : 'subscriptions'}`,
  noAccountPage: 'Not available',
  addonSubscription: (licenseId: number) =>
    `An add-on's subscription: Cancel here would end license ${licenseId}'s own subscription, so cancel the add-on on the provider's account page.`,
} as const;
