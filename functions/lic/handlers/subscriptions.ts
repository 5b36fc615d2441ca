import { describeDuration } from '../../../shared/commerce/codes';
import { catalogueItem, legacyUpgradePaths } from '../../../shared/commerce/catalogue';
import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { licenseMessages } from '../../../shared/licenses/messages';
import { applyProviderAnswer } from '../../domain/commerce/apply-event';
import { addonEndings, addonRowsChargingWith, cancelAddonSubscriptionsWith, chargingAddonRows, recordAddonsEnded } from '../../domain/commerce/addon-subscriptions';
import { findProviderSubscription, findSubscription, recordSubscriptionAct, subscriptionRows, type SubscriptionRecord } from '../../domain/commerce/commerce.repository';
import { subscriptionList, toSubscriptionRow } from '../../domain/commerce/subscription-list';
import { LicenseChangedError, findLicense, setLegacyUpgrade } from '../../domain/licenses/licenses.repository';
import { userListCache } from '../../domain/users/user-list';
import { CheckoutProviderError, getCheckoutProvider } from '../../lib/adapters/checkout-provider';
import type { EndpointHandlers } from '../../endpoint';
import { badRequest, conflict, notFound, unavailable } from '../../lib/errors';
import { logger } from '../../lib/logger';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

export const subscriptionMessages = {
  notFound: (id: number) => `Subscription ${id} not found`,
  noSubscription: (licenseId: number) => `License ${licenseId} has no subscription`,
  notActive: (state: string) => `The subscription is ${state}: only an active subscription can be canceled or converted`,
  convertOnlyProWithOneAddon: 'Only the subscription of a Pro license with exactly one add-on can be converted',
  providerFailed: 'The checkout provider did not carry this out: try again later',
  legacyOnly: 'A legacy upgrade is for an All, Automation or Battery license of usage Commercial or Standard',
  wrongUpgrade: (product: string, type: string) => `${product} is not an upgrade of a ${type} license`,
} as const;

/** One page of the subscriptions, searched and sorted (the list's declaration: subscriptionList). */
export const getSubscriptions: AdminHandlers['get_subscriptions'] = async (params) => {
  const { rows, count } = await subscriptionList.page(params);
  return { subscriptions: rows, count };
};

/** How often a subscription to `product` renews ("1 year", "1 month"); empty for a product that does not. */
export function subscriptionInterval(product: string): string {
  const item = catalogueItem(product);
  return item && item.interval !== 'perpetual' ? describeDuration(item.interval === 'month' ? 'P1M' : 'P1Y') : '';
}

async function storedSubscription(id: number): Promise<SubscriptionRecord> {
  const subscription = await findSubscription(id);
  if (!subscription) throw notFound(subscriptionMessages.notFound(id));
  return subscription;
}

export const getSubscription: AdminHandlers['get_subscription'] = async ({ subscription_id }) => {
  const subscription = await storedSubscription(subscription_id);
  const [provider, owners] = await Promise.all([findProviderSubscription(subscription.reference), userListCache.current()]);
  let url: string | null = null;
  if (provider?.account) {
    // The account page is a convenience: the detail shows without it when the provider does not answer.
    url = await getCheckoutProvider()
      .accountUrl(provider.account)
      .catch((error: unknown) => (logger.warn('No account page from the checkout provider', { error }), null));
  }
  // What Cancel cancels with it (the add-on subscriptions of an add-on's own row: none).
  const addons = subscription.addon_id ? [] : await addonRowsChargingWith(subscription.reference);
  return {
    ...toSubscriptionRow({ ...subscription, renews_at: subscription.renews_at ?? null }, owners),
    interval: subscriptionInterval(subscription.product),
    url,
    converted_from: subscription.converted_from ?? null,
    converted_on: subscription.converted_on ?? null,
    ended_addon_subscriptions: subscription.ended_addon_subscriptions ?? [],
    ended_on: subscription.ended_on ?? null,
    ended_by_conversion_of: subscription.ended_by_conversion_of ?? null,
    canceled_with: subscription.canceled_with ?? null,
    addon_subscriptions: addons.map((addon) => ({
      id: addon.id,
      license_id: addon.license_id,
      addon_id: addon.addon_id!,
      state: addon.state,
      renews_at: addon.renews_at ?? null,
    })),
  };
};

/** Runs a provider call; its failure is a 503 that changed nothing here. */
async function throughProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CheckoutProviderError) {
      logger.error('Checkout provider call failed', { error });
      throw unavailable(subscriptionMessages.providerFailed);
    }
    throw error;
  }
}

const checkActive = (subscription: SubscriptionRecord) => {
  if (subscription.state !== 'active') throw conflict(subscriptionMessages.notActive(subscription.state));
};

/** The audit entry of an admin's change of a subscription: in its owner's trail and its license's history. */
const subscriptionAudit = (subscription: SubscriptionRecord, before: Record<string, unknown>, after: Record<string, unknown>) => ({
  row: subscription,
  audit: { values: { before, after } },
});

/**
 * Cancels a license's subscription at the end of its period, and with it the add-on subscriptions still
 * charging on its licenses (an add-on ends with its license: it must not renew for a license that ended).
 * A cancel whose add-on cancels failed at the provider (503) is finished by canceling again: the license's
 * subscription is canceled already then, and only its add-ons are left.
 */
export const cancelSubscription: AdminHandlers['cancel_subscription'] = async ({ license_id }) => {
  const license = await findLicense(license_id);
  if (!license) throw notFound(licenseMessages.notFound(license_id));
  if (license.subscription_id === undefined) throw badRequest(subscriptionMessages.noSubscription(license_id));
  const subscription = await storedSubscription(license.subscription_id);
  const checkout = getCheckoutProvider();
  const addons = (await addonRowsChargingWith(subscription.reference)).map((addon) => addon.id);
  if (subscription.state === 'canceled') {
    // Canceled before (its add-ons' cancel failed at the provider): only the add-ons are left to cancel,
    // and this call's entry says so (an audited call's first write carries its entry).
    if (!addons.length) checkActive(subscription);
    const audit = subscriptionAudit(subscription, {}, { canceled_addon_subscriptions: addons });
    await recordSubscriptionAct(audit.row, audit.audit);
  } else {
    checkActive(subscription);
    await throughProvider(() => checkout.cancelSubscription(subscription.reference));
    // Shown at once; the provider's subscription.canceled event then finds it done.
    const after = { state: 'canceled', ...(addons.length ? { canceled_addon_subscriptions: addons } : {}) };
    const audit = subscriptionAudit(subscription, { state: subscription.state }, after);
    await applyProviderAnswer('subscription.canceled', { id: subscription.reference }, new Date(), audit);
  }
  await throughProvider(() => cancelAddonSubscriptionsWith(subscription.reference, checkout));
  return { license_id, subscription_id: subscription.id, state: 'canceled', canceled_addon_subscriptions: addons };
};

/**
 * The add-on subscriptions still charging on the licenses of the converted provider subscription
 * `reference` (the toolbox includes the add-on: it must not be paid for twice), and how each ends.
 */
async function addonsToEnd(reference: string) {
  const provider = await findProviderSubscription(reference);
  const convertedRows = provider ? await subscriptionRows(provider) : [];
  const convertedByLicense = new Map(convertedRows.map((row) => [row.license_id, row.id]));
  return { convertedByLicense, endings: await addonEndings(await chargingAddonRows(new Set(convertedByLicense.keys()))) };
}

/** Ends those add-on subscriptions through the provider and records it on both rows. Answers the add-on rows it ended. */
async function endAddonSubscriptions({ convertedByLicense, endings }: Awaited<ReturnType<typeof addonsToEnd>>): Promise<number[]> {
  const checkout = getCheckoutProvider();
  for (const ending of endings) {
    await throughProvider(() =>
      ending.end === 'all' ? checkout.endSubscriptionNow(ending.reference) : checkout.changeSubscriptionProduct(ending.reference, ending.product, ending.quantity),
    );
    await recordAddonsEnded(ending.rowIds, convertedByLicense);
  }
  return endings.flatMap((ending) => ending.rowIds);
}

/**
 * Converts a Pro subscription with exactly one add-on into the toolbox subscription of the same interval,
 * then ends the add-on subscriptions on its licenses. A subscription already converted (here, or at the
 * provider) whose add-on subscriptions still charge (the provider failed to end one) is converted again
 * only in that: its add-on subscriptions are ended.
 */
export const convertProSubscription: AdminHandlers['convert_pro_subscription'] = async ({ subscription_id }) => {
  const subscription = await storedSubscription(subscription_id);
  checkActive(subscription);
  if (subscription.converted_from !== undefined) {
    const left = await addonsToEnd(subscription.reference);
    if (!left.endings.length) throw conflict(subscriptionMessages.convertOnlyProWithOneAddon);
    // Only the add-ons are left to end, and this call's entry says so (an audited call's first write carries its entry).
    const audit = subscriptionAudit(subscription, {}, { ended_addon_subscriptions: left.endings.flatMap((ending) => ending.rowIds) });
    await recordSubscriptionAct(audit.row, audit.audit);
    await endAddonSubscriptions(left);
    return { subscription_id, product: subscription.product };
  }
  const license = await findLicense(subscription.license_id);
  const item = catalogueItem(subscription.product);
  if (!license || license.license_type_id !== 'Pro' || license.addons.length !== 1 || subscription.addon_id || !item || item.interval === 'perpetual') {
    throw conflict(subscriptionMessages.convertOnlyProWithOneAddon);
  }
  const product = `automation-battery-toolbox-${item.interval === 'month' ? 'monthly' : 'yearly'}`;
  const provider = await findProviderSubscription(subscription.reference);
  const quantity = provider?.ids.length ?? 1;
  await throughProvider(() => getCheckoutProvider().changeSubscriptionProduct(subscription.reference, product, quantity));
  const audit = subscriptionAudit(subscription, { product: subscription.product }, { product });
  await applyProviderAnswer('subscription.updated', { id: subscription.reference, product }, new Date(), audit);
  await endAddonSubscriptions(await addonsToEnd(subscription.reference));
  return { subscription_id, product };
};

export const updateLicenseToFastspring: AdminHandlers['update_license_to_fastspring'] = async ({ license_id, product }) => {
  const license = await findLicense(license_id);
  if (!license) throw notFound(licenseMessages.notFound(license_id));
  const upgrade = product === '' ? null : product;
  if (upgrade !== null) {
    if (![1, 4].includes(license.license_usage_id) || !['All', 'Automation', 'Battery'].includes(license.license_type_id)) {
      throw badRequest(subscriptionMessages.legacyOnly);
    }
    if (!legacyUpgradePaths(license.license_type_id).includes(upgrade)) throw badRequest(subscriptionMessages.wrongUpgrade(upgrade, license.license_type_id));
  }
  try {
    await setLegacyUpgrade(license, upgrade, { audited: true });
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return { license_id };
};
