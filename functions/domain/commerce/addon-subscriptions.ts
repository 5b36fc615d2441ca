import { catalogueItem } from '../../../shared/commerce/catalogue';
import type { CheckoutProvider } from '../../lib/adapters/checkout-provider';
import { executeTransaction } from '../../lib/db/aggregates';
import { isConditionFailure } from '../../lib/db/table';
import { applyProviderAnswer } from './apply-event';
import {
  addonEndedByConversionWrites,
  findProviderSubscription,
  findSubscription,
  leftItsProviderSubscription,
  subscriptionChangeWrites,
  subscriptionRows,
  type SubscriptionRecord,
} from './commerce.repository';
import { ATTEMPTS, today } from './event-refusal';
import { subscriptionList } from './subscription-list';

/**
 * The add-on subscriptions on a subscription's licenses (docs/decisions/022-commerce.md). An add-on is
 * part of its license: it must not be charged for once the license's subscription is converted (the
 * toolbox includes the add-on) or canceled (the license ends with its period). Converting ends them at the
 * provider now; canceling cancels them there too, to run out with the period paid for. Both are recorded
 * on the rows.
 */

/** States in which the provider still charges a subscription (a canceled one runs out without a charge). */
const CHARGING = new Set(['active', 'overdue']);

/** The add-on subscription rows on these licenses that still charge, as stored now. */
export async function chargingAddonRows(licenseIds: ReadonlySet<number>): Promise<SubscriptionRecord[]> {
  if (!licenseIds.size) return [];
  // The list holds every subscription row and each committed change (read-your-writes); the records decide.
  const listed = [...(await subscriptionList.current()).values()].filter(
    (row) => licenseIds.has(row.license_id) && CHARGING.has(row.state) && catalogueItem(row.product)?.grants.kind === 'addon',
  );
  const rows = await Promise.all(listed.map((row) => findSubscription(row.id)));
  return rows.filter(
    (row): row is SubscriptionRecord => row !== null && row.addon_id !== undefined && !leftItsProviderSubscription(row) && CHARGING.has(row.state),
  );
}

/**
 * What ending some rows of an add-on's provider subscription asks of the provider: the whole subscription
 * (`all`: these are every license it still pays for), or its quantity lowered to what is left.
 */
export type AddonEnding = { reference: string; rowIds: number[] } & ({ end: 'all' } | { end: 'quantity'; product: string; quantity: number });

/**
 * Per provider subscription of `rows`: all of it when these are all the licenses it still pays for, else
 * its quantity lowered by theirs. The quantity is the number left, not a difference: asking twice (a retry,
 * or a racing call that read the same rows) asks for the same.
 */
export async function addonEndings(rows: SubscriptionRecord[]): Promise<AddonEnding[]> {
  const byReference = new Map<string, SubscriptionRecord[]>();
  for (const row of rows) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
  const endings: AddonEnding[] = [];
  for (const [reference, ending] of byReference) {
    const provider = await findProviderSubscription(reference);
    const paidFor = provider ? (await subscriptionRows(provider)).filter((row) => !leftItsProviderSubscription(row) && row.state !== 'deactivated') : ending;
    const remaining = paidFor.length - ending.length;
    const rowIds = ending.map((row) => row.id);
    endings.push(remaining > 0 ? { reference, rowIds, end: 'quantity', product: ending[0]!.product, quantity: remaining } : { reference, rowIds, end: 'all' });
  }
  return endings;
}

/**
 * Records that the conversion ended the add-on rows `rowIds`: each on the converted subscription row of
 * its license (one of `converted`), read afresh (the provider's webhook may have changed it meanwhile)
 * and written only while still as read.
 */
export async function recordAddonsEnded(rowIds: number[], converted: ReadonlyMap<number, number>, now = new Date()): Promise<void> {
  for (const rowId of rowIds) {
    for (let attempt = 0; ; attempt++) {
      const addon = await findSubscription(rowId);
      const convertedId = addon ? converted.get(addon.license_id) : undefined;
      const convertedRow = convertedId === undefined ? null : await findSubscription(convertedId);
      if (!addon || !convertedRow || addon.ended_by_conversion_of !== undefined) break;
      try {
        await executeTransaction(addonEndedByConversionWrites(addon, convertedRow, today(now), now));
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}

/**
 * Records that the cancel of the license subscription rows `canceledWith` (by license) took the add-on rows
 * `rowIds` out of their provider subscription (its quantity lowered from its next charge): each is canceled
 * and names that row; read afresh and written only while still as read. The add-on stays on its license,
 * which runs out with the period paid for.
 */
async function recordAddonsCanceledWith(rowIds: number[], canceledWith: ReadonlyMap<number, number>, now: Date): Promise<void> {
  for (const rowId of rowIds) {
    for (let attempt = 0; ; attempt++) {
      const addon = await findSubscription(rowId);
      const licenseRowId = addon ? canceledWith.get(addon.license_id) : undefined;
      if (!addon || licenseRowId === undefined || leftItsProviderSubscription(addon) || !CHARGING.has(addon.state)) break;
      try {
        await executeTransaction(subscriptionChangeWrites(addon, { state: 'canceled', renews_at: null, canceled_with: licenseRowId }, now));
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}

/** The licenses a provider subscription's own rows pay for, each with its row (add-on rows left out). */
async function licenseRowsOf(reference: string): Promise<Map<number, number>> {
  const provider = await findProviderSubscription(reference);
  const rows = provider ? await subscriptionRows(provider) : [];
  return new Map(rows.filter((row) => row.addon_id === undefined).map((row) => [row.license_id, row.id]));
}

/** The add-on subscription rows still charging on the licenses of the provider subscription `reference`. */
export const addonRowsChargingWith = async (reference: string): Promise<SubscriptionRecord[]> =>
  chargingAddonRows(new Set((await licenseRowsOf(reference)).keys()));

/**
 * Cancels, through `checkout`, the add-on subscriptions still charging on the licenses of the canceled
 * provider subscription `reference`, as that one is canceled: at the end of the period paid for. An add-on
 * subscription that pays only for these licenses is canceled (and its cancel applied here at once, as its
 * event will); one that also pays for add-ons on other licenses is lowered to those from its next charge.
 * Answers the add-on rows canceled. Safe to repeat: an add-on canceled already no longer charges.
 */
export async function cancelAddonSubscriptionsWith(reference: string, checkout: CheckoutProvider, now = new Date()): Promise<number[]> {
  const canceledWith = await licenseRowsOf(reference);
  const charging = await chargingAddonRows(new Set(canceledWith.keys()));
  for (const ending of await addonEndings(charging)) {
    if (ending.end === 'all') {
      await checkout.cancelSubscription(ending.reference);
      await applyProviderAnswer('subscription.canceled', { id: ending.reference }, now);
    } else {
      await checkout.changeSubscriptionProduct(ending.reference, ending.product, ending.quantity, { prorate: false });
      await recordAddonsCanceledWith(ending.rowIds, canceledWith, now);
    }
  }
  return charging.map((row) => row.id);
}
