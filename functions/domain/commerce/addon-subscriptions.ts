import { catalogueItem } from '../../../shared/commerce/catalogue';
import { executeTransaction } from '../../lib/db/aggregates';
import { isConditionFailure } from '../../lib/db/table';
import {
  addonEndedByConversionWrites,
  findProviderSubscription,
  findSubscription,
  subscriptionRows,
  type SubscriptionRecord,
} from './commerce.repository';
import { ATTEMPTS, today } from './event-refusal';
import { subscriptionList } from './subscription-list';

/**
 * A converted subscription's add-on subscriptions (docs/decisions/022-commerce.md): converting a Pro
 * subscription to the toolbox makes its licenses type All, which includes the add-ons, so an add-on
 * subscription on one of them would go on charging for nothing. Those are ended at the provider and
 * recorded on both rows.
 */

/** States in which the provider still charges a subscription (a canceled one runs out without a charge). */
const CHARGING = new Set(['active', 'overdue']);

/** The add-on subscription rows on these licenses that still charge, as stored now. */
export async function chargingAddonRows(licenseIds: ReadonlySet<number>): Promise<SubscriptionRecord[]> {
  // The list holds every subscription row and each committed change (read-your-writes); the records decide.
  const listed = [...(await subscriptionList.current()).values()].filter(
    (row) => licenseIds.has(row.license_id) && CHARGING.has(row.state) && catalogueItem(row.product)?.grants.kind === 'addon',
  );
  const rows = await Promise.all(listed.map((row) => findSubscription(row.id)));
  return rows.filter(
    (row): row is SubscriptionRecord => row !== null && row.addon_id !== undefined && row.ended_by_conversion_of === undefined && CHARGING.has(row.state),
  );
}

/** What ending some rows of an add-on's provider subscription asks of the provider. */
export type AddonEnding = { reference: string; rowIds: number[] } & ({ end: 'now' } | { end: 'quantity'; product: string; quantity: number });

/**
 * Per provider subscription of `rows`: end it now when these are all the licenses it still pays for,
 * else lower its quantity by theirs (the provider prorates both).
 */
export async function addonEndings(rows: SubscriptionRecord[]): Promise<AddonEnding[]> {
  const byReference = new Map<string, SubscriptionRecord[]>();
  for (const row of rows) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
  const endings: AddonEnding[] = [];
  for (const [reference, ending] of byReference) {
    const provider = await findProviderSubscription(reference);
    const paidFor = provider ? (await subscriptionRows(provider)).filter((row) => row.ended_by_conversion_of === undefined && row.state !== 'deactivated') : ending;
    const remaining = paidFor.length - ending.length;
    const rowIds = ending.map((row) => row.id);
    endings.push(remaining > 0 ? { reference, rowIds, end: 'quantity', product: ending[0]!.product, quantity: remaining } : { reference, rowIds, end: 'now' });
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
