import { catalogueItem } from '../../../shared/commerce/catalogue';
import type { CheckoutProvider } from '../../lib/adapters/checkout-provider';
import { writeChanges } from '../../lib/records/write-changes';
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
    endings.push(addonEnding(reference, ending, provider && (await subscriptionRows(provider))));
  }
  return endings;
}

/**
 * Ending the rows `ending` of the provider subscription `reference`, whose rows are `rows` as stored (null:
 * unknown here, so these are all it pays for).
 */
export function addonEnding(reference: string, ending: readonly SubscriptionRecord[], rows: readonly SubscriptionRecord[] | null): AddonEnding {
  const paidFor = rows ? rows.filter((row) => !leftItsProviderSubscription(row) && row.state !== 'deactivated') : ending;
  const remaining = paidFor.length - ending.length;
  const rowIds = ending.map((row) => row.id);
  return remaining > 0 ? { reference, rowIds, end: 'quantity', product: ending[0]!.product, quantity: remaining } : { reference, rowIds, end: 'all' };
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
        await writeChanges([], { items: addonEndedByConversionWrites(addon, convertedRow, today(now), now) });
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}

/**
 * Records that the cancel of the license subscription rows `canceledWith` (by license) canceled the add-on
 * rows `rowIds`: each is canceled and names that row; read afresh and written only while still as read.
 * `whole`: their provider subscription was canceled itself (its rows follow its events, and resuming the
 * license's subscription resumes it); else they were taken out of it (its quantity lowered from its next
 * charge) and the add-on stays on its license, which runs out with the period paid for.
 */
async function recordAddonsCanceledWith(rowIds: number[], canceledWith: ReadonlyMap<number, number>, whole: boolean, now: Date): Promise<void> {
  for (const rowId of rowIds) {
    for (let attempt = 0; ; attempt++) {
      const addon = await findSubscription(rowId);
      const licenseRowId = addon ? canceledWith.get(addon.license_id) : undefined;
      if (!addon || licenseRowId === undefined || leftItsProviderSubscription(addon) || addon.canceled_with !== undefined) break;
      if (!whole && !CHARGING.has(addon.state)) break;
      try {
        await writeChanges([], {
          items: subscriptionChangeWrites(addon, { state: whole ? undefined : 'canceled', renews_at: whole ? undefined : null, canceled_with: licenseRowId, canceled_whole: whole || undefined }, now),
        });
        break;
      } catch (error) {
        if (!isConditionFailure(error) || attempt + 1 >= ATTEMPTS) throw error;
      }
    }
  }
}

/** States of a license's subscription in which its add-ons are to be canceled with it. */
const ENDING = new Set(['canceled', 'deactivated']);

/**
 * The licenses a provider subscription's own rows pay for, each with its row (add-on rows left out); with
 * `states`, only the rows stored in one of them.
 */
async function licenseRowsOf(reference: string, states?: ReadonlySet<string>): Promise<Map<number, number>> {
  const provider = await findProviderSubscription(reference);
  const rows = provider ? await subscriptionRows(provider) : [];
  return new Map(rows.filter((row) => row.addon_id === undefined && (!states || states.has(row.state))).map((row) => [row.license_id, row.id]));
}

/** The add-on subscription rows still charging on the licenses of the provider subscription `reference`. */
export const addonRowsChargingWith = async (reference: string): Promise<SubscriptionRecord[]> =>
  chargingAddonRows(new Set((await licenseRowsOf(reference)).keys()));

/**
 * Cancels, through `checkout`, the add-on subscriptions still charging on the licenses of the canceled
 * provider subscription `reference`, as that one is canceled: at the end of the period paid for. An add-on
 * subscription that pays only for these licenses is canceled (and its cancel applied here at once, as its
 * event will); one that also pays for add-ons on other licenses is lowered to those from its next charge.
 * Either way the rows name the license's row (`canceled_with`). Answers the add-on rows canceled.
 * Only licenses whose own subscription row is stored canceled (or ended) count: a cancel event delivered
 * again after the buyer resumed the subscription cancels nothing. Safe to repeat: an add-on canceled
 * already no longer charges.
 */
export async function cancelAddonSubscriptionsWith(reference: string, checkout: CheckoutProvider, now = new Date()): Promise<number[]> {
  const canceledWith = await licenseRowsOf(reference, ENDING);
  const charging = await chargingAddonRows(new Set(canceledWith.keys()));
  for (const ending of await addonEndings(charging)) {
    if (ending.end === 'all') {
      await checkout.cancelSubscription(ending.reference);
      await applyProviderAnswer('subscription.canceled', { id: ending.reference }, now);
      await recordAddonsCanceledWith(ending.rowIds, canceledWith, true, now);
    } else {
      await checkout.changeSubscriptionProduct(ending.reference, ending.product, ending.quantity, { prorate: false });
      await recordAddonsCanceledWith(ending.rowIds, canceledWith, false, now);
    }
  }
  return charging.map((row) => row.id);
}

/**
 * Resumes, through `checkout`, the add-on subscriptions canceled whole with the license subscription rows of
 * the provider subscription `reference` (`canceled_with`, `canceled_whole`), now that it was resumed: each
 * only while it is still canceled (not ended), and only for license rows stored active again. Its resume is
 * applied here at once, as its event will. Add-ons taken out of a subscription shared with other licenses
 * (its quantity lowered) are not added back: the buyer buys them again. Answers the add-on rows resumed.
 */
export async function resumeAddonSubscriptionsWith(reference: string, checkout: CheckoutProvider, now = new Date()): Promise<number[]> {
  const resumed = await licenseRowsOf(reference, CHARGING);
  const rowIds = new Set(resumed.values());
  if (!rowIds.size) return [];
  const listed = [...(await subscriptionList.current()).values()].filter(
    (row) => resumed.has(row.license_id) && row.state === 'canceled' && catalogueItem(row.product)?.grants.kind === 'addon',
  );
  const rows = (await Promise.all(listed.map((row) => findSubscription(row.id)))).filter(
    (row): row is SubscriptionRecord => row?.state === 'canceled' && row.canceled_whole === true && row.canceled_with !== undefined && rowIds.has(row.canceled_with),
  );
  for (const addonReference of new Set(rows.map((row) => row.reference))) {
    await checkout.uncancelSubscription(addonReference);
    await applyProviderAnswer('subscription.uncanceled', { id: addonReference }, now);
  }
  return rows.map((row) => row.id);
}
