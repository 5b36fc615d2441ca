import { isDeepStrictEqual } from 'node:util';
import { catalogueItem } from '../../../shared/commerce/catalogue';
import type { AddonId } from '../../../shared/licenses/catalog';
import { transactionSize } from '../../lib/db/write-transaction';
import type { ChangeAudit } from '../../lib/records/record-kind';
import { buildWrites, writeChanges } from '../../lib/records/write-changes';
import { isConditionFailure } from '../../lib/db/table';
import { addDuration } from '../codes/code.rules';
import { findLicense, licenseChangeWrites, type LicenseChanges, type LicenseRecord, type TransactionItem } from '../licenses/licenses.repository';
import { licenseKind } from '../licenses/license.kind';
import { subscriptionKind } from './subscription.kind';
import {
  MAX_TRANSACTION_ITEMS,
  applyEventWrites,
  eventProgress,
  eventStepWrite,
  findEvent,
  findOrder,
  findProviderSubscription,
  isOrderComplete,
  leftItsProviderSubscription,
  orderReturnedWrite,
  subscriptionChangeWrites,
  subscriptionRows,
  type OrderRecord,
  type SubscriptionChanges,
  type SubscriptionRecord,
} from './commerce.repository';
import { applyOrderEvent } from './apply-order';
import { ATTEMPTS, later, period, refuse, today } from './event-refusal';
import { packedWriteSteps } from './transaction-steps';
import { readReturnedOrder, readSubscription, type ProviderEvent, type SubscriptionChange } from './provider-event';

/**
 * What each provider event does to licenses and subscriptions (docs/decisions/022-commerce.md). Each
 * event is planned from what is stored now and written in one transaction with its `applied` record (an
 * order, a refund or a subscription event too large for one, in several: apply-order.ts, applyReturn,
 * applySubscriptionEvent); an event that cannot be applied throws EventNotApplicableError and changes
 * nothing.
 */

export { EventNotApplicableError } from './event-refusal';

/** Days a license keeps working after a renewal payment failed, while the provider retries it. */
export const OVERDUE_GRACE_DAYS = 7;

/** What a subscription event changes on a subscription row and on its license. */
type SubscriptionEffect = (row: SubscriptionRecord, license: LicenseRecord, change: SubscriptionChange, now: Date) => {
  subscription: SubscriptionChanges;
  license: LicenseChanges;
};

const renewsTo = (row: SubscriptionRecord, license: LicenseRecord, change: SubscriptionChange, now: Date) => {
  const item = catalogueItem(change.product ?? row.product);
  return change.next ?? addDuration(later(row.addon_id ? row.renews_at : license.valid_to, today(now)), item ? period(item) : 'P1Y');
};

export const subscriptionEffects: Record<string, SubscriptionEffect> = {
  'subscription.activated': () => ({ subscription: { state: 'active' }, license: { subscription_state: 'active' } }),
  'subscription.charge.completed': (row, license, change, now) => {
    const next = renewsTo(row, license, change, now);
    return {
      subscription: { state: 'active', renews_at: next },
      license: row.addon_id ? {} : { subscription_state: 'active', valid_to: next },
    };
  },
  'subscription.canceled': () => ({ subscription: { state: 'canceled' }, license: { subscription_state: 'canceled' } }),
  // An add-on resumed with its license's subscription no longer names the cancel it followed.
  'subscription.uncanceled': () => ({ subscription: { state: 'active', canceled_with: null, canceled_whole: null }, license: { subscription_state: 'active' } }),
  'subscription.payment.overdue': (row, license, _change, now) => ({
    subscription: { state: 'overdue' },
    license: row.addon_id ? {} : { subscription_state: 'overdue', valid_to: later(license.valid_to, addDuration(today(now), `P${OVERDUE_GRACE_DAYS}D`)) },
  }),
  'subscription.deactivated': (row, license, change, now) => {
    if (row.addon_id) {
      return { subscription: { state: 'deactivated', renews_at: null }, license: { addons: license.addons.filter((addon) => addon.id !== row.addon_id) } };
    }
    const end = change.end ?? today(now);
    return {
      subscription: { state: 'deactivated', renews_at: null },
      license: { subscription_state: 'deactivated', valid_to: license.valid_to && license.valid_to < end ? license.valid_to : end },
    };
  },
  'subscription.updated': (row, license, change, now) => {
    const item = change.product ? catalogueItem(change.product) : undefined;
    const convert = item && item.path !== row.product && item.grants.kind === 'license' && !row.addon_id;
    return {
      subscription: {
        ...(convert ? { product: item.path, converted_from: row.product, converted_on: today(now) } : {}),
        ...(change.next ? { renews_at: change.next } : {}),
      },
      license: convert && item.grants.kind === 'license' ? { license_type_id: item.grants.license_type_id, addons: [] } : {},
    };
  },
};

/** Whether `changes` would change anything on `record` (null: a field removed). */
export const changesAnything = (record: object, changes: object) =>
  Object.entries(changes).some(([name, value]) => value !== undefined && !isDeepStrictEqual((record as Record<string, unknown>)[name] ?? null, value));

/** The writes of a subscription event on one subscription row and its license. */
interface RowGroup {
  rowId: number;
  writes: TransactionItem[];
}

/**
 * What a subscription event changes, a group per subscription row (the row and its license, with the
 * license's copies for its owner and each user it is shared with), each only while row and license are
 * as read. Rows in `done` (applied by an earlier step of this event) and rows the event leaves as they
 * are (a cancel the admin's answer already applied) are left out.
 */
async function planSubscriptionEvent(type: string, data: Record<string, unknown>, now: Date, done: ReadonlySet<number> = new Set()): Promise<RowGroup[]> {
  const change = readSubscription(data) ?? refuse(`${type}: no subscription id`);
  const provider = await findProviderSubscription(change.reference);
  const rows = provider ? await subscriptionRows(provider) : null;
  const licenses = new Map((await Promise.all((rows ?? []).map((row) => findLicense(row.license_id)))).flatMap((license) => (license ? [[license.id, license] as const] : [])));
  return subscriptionRowChanges(type, change, rows && { rows, licenses }, now, done).map(({ row, license, changes }) => ({
    rowId: row.id,
    writes: [
      ...(changesAnything(row, changes.subscription) ? subscriptionChangeWrites(row, changes.subscription, now) : []),
      ...(changesAnything(license, changes.license) ? licenseChangeWrites(license, changes.license, { now }) : []),
    ],
  }));
}

/**
 * What a subscription event changes on each row of its provider subscription (`stored`: its rows and their
 * licenses as read; null when the portal does not know it) and on the row's license, rows that would change
 * nothing left out: rows in `done` (an earlier step of this event), rows that left the provider subscription
 * (an add-on a conversion ended or a cancel took out of it), and rows already as the event would leave them.
 */
export function subscriptionRowChanges(
  type: string,
  change: SubscriptionChange,
  stored: { rows: readonly SubscriptionRecord[]; licenses: ReadonlyMap<number, LicenseRecord> } | null,
  now: Date,
  done: ReadonlySet<number> = new Set(),
): { row: SubscriptionRecord; license: LicenseRecord; changes: ReturnType<SubscriptionEffect> }[] {
  if (!stored) return refuse(`${type}: unknown subscription ${change.reference}`);
  const effect = subscriptionEffects[type]!;
  const planned = [];
  for (const row of stored.rows) {
    if (done.has(row.id) || leftItsProviderSubscription(row)) continue;
    const license = stored.licenses.get(row.license_id) ?? refuse(`${type}: license ${row.license_id} of subscription ${row.id} is gone`);
    const changes = effect(row, license, change, now);
    if (changesAnything(row, changes.subscription) || changesAnything(license, changes.license)) planned.push({ row, license, changes });
  }
  return planned;
}

/** The first groups, in order, that fit `room` items together (a group fits alone: at most 7 + 50 items). */
const firstGroups = (groups: RowGroup[], room: number): RowGroup[] => packedWriteSteps(groups, room, (group) => group.writes)[0] ?? [];

/**
 * What a refund takes back, as groups of writes that belong together, and the closing writes (the order
 * marked returned, what could not be restored recorded for support). Planned from what is stored, each
 * group only while it is still to do (a license still enabled, an add-on still there, an upgrade still
 * showing what it set), so a refund applied in several transactions plans only what is left.
 */
async function planReturn(data: Record<string, unknown>, now: Date): Promise<{ groups: TransactionItem[][]; closing: TransactionItem[] }> {
  const orderId = readReturnedOrder(data) ?? refuse('return.created: no original order');
  const order = (await findOrder(orderId)) ?? refuse(`return.created: unknown order ${orderId}`);
  if (order.returned) return { groups: [], closing: [] };
  const ids = new Set([...order.license_ids, ...order.addons.map((addon) => addon.license_id), ...order.extensions.map((extension) => extension.license_id), ...order.extended_ids]);
  const licenses = new Map((await Promise.all([...ids].map((id) => findLicense(id)))).flatMap((license) => (license ? [[license.id, license] as const] : [])));
  const { changes, unrestored } = returnChanges(order, licenses);
  const groups = [...changes.values()].map(({ license, changes: fields }) => licenseChangeWrites(license, fields, { now }));
  // What could not be restored is recorded for support: an entry of the license kind's audit, by the buyer
  // (the provider's event did it), in their actions (a license is never deleted, so each is found).
  const notRestored = unrestored.flatMap((licenseId) => {
    const license = licenses.get(licenseId);
    return license ? [licenseKind.act(license, { action: 'refund_not_restored', by_user_id: order.user_id, users: [order.user_id] })] : [];
  });
  const closing = [orderReturnedWrite(order, now, unrestored), ...(await buildWrites(notRestored, { now }))];
  return { groups, closing };
}

/**
 * What a refund of `order` changes on its licenses (`licenses`: as read, by id), each only while still to
 * do: the licenses it created disabled, the add-ons it put on licenses taken off, and a legacy upgrade's
 * extra year and mark restored while the license shows what the upgrade set; `unrestored`: the licenses
 * changed since (edited, upgraded again), left as they are and recorded for support.
 */
export function returnChanges(order: OrderRecord, licenses: ReadonlyMap<number, LicenseRecord>) {
  if (!isOrderComplete(order)) refuse(`return.created: order ${order.order_id} is still being applied`);
  const changes = new Map<number, { license: LicenseRecord; changes: LicenseChanges }>();
  const change = (license: LicenseRecord, fields: LicenseChanges) => {
    const entry = changes.get(license.id) ?? { license, changes: {} };
    Object.assign(entry.changes, fields);
    changes.set(license.id, entry);
  };
  for (const licenseId of order.license_ids) {
    const license = licenses.get(licenseId);
    if (license?.enabled) change(license, { enabled: false });
  }
  const addonsByLicense = new Map<number, AddonId[]>();
  for (const { license_id, addon_id } of order.addons) addonsByLicense.set(license_id, [...(addonsByLicense.get(license_id) ?? []), addon_id]);
  for (const [licenseId, addons] of addonsByLicense) {
    const license = licenses.get(licenseId);
    if (license?.addons.some((addon) => addons.includes(addon.id))) change(license, { addons: license.addons.filter((addon) => !addons.includes(addon.id)) });
  }
  // A legacy upgrade's extra year and its mark: restored exactly while the license shows what the upgrade
  // set; a license changed since (edited, upgraded again) is left as it is and recorded for support.
  const unrestored: number[] = [];
  const extended = new Set(order.extensions.map((extension) => extension.license_id));
  for (const extension of order.extensions) {
    const license = licenses.get(extension.license_id);
    const shows = (validTo: string | undefined, mark: string | undefined) => license?.valid_to === validTo && license?.to_fastspring_product === mark;
    if (license && shows(extension.valid_to_after, extension.mark_after)) {
      change(license, { valid_to: extension.valid_to_before ?? null, to_fastspring_product: extension.mark_before ?? null });
    } else if (!shows(extension.valid_to_before, extension.mark_before)) {
      unrestored.push(extension.license_id);
    }
  }
  // Orders recorded before upgrades kept what they changed: nothing to restore from.
  unrestored.push(...order.extended_ids.filter((id) => !extended.has(id)));
  return { changes, unrestored };
}

/**
 * Applies a refund: in one transaction with the event's record when it fits, else group by group (each
 * transaction only while the licenses are as read) and the closing writes with the event's record last.
 */
async function applyReturn(event: ProviderEvent, now: Date): Promise<'applied' | 'duplicate'> {
  for (let conflicts = 0; conflicts < ATTEMPTS; ) {
    const { groups, closing } = await planReturn(event.data, now);
    const all = [...groups.flat(), ...closing];
    try {
      if (transactionSize(all) + 1 <= MAX_TRANSACTION_ITEMS) {
        const outcome = await applyEventWrites(event.id, event.type, all);
        if (outcome !== 'conflict') return outcome;
      } else {
        await writeChanges([], { items: (packedWriteSteps(groups, MAX_TRANSACTION_ITEMS, (group) => group)[0] ?? []).flat() });
        continue; // Done with these: plan what is left.
      }
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    conflicts++;
  }
  throw new Error(`Event ${event.id} kept conflicting with other writes`);
}

/** The provider's answers the portal's calls apply at once: each leaves a row it already changed as it is. */
export type ProviderAnswer = 'subscription.canceled' | 'subscription.uncanceled' | 'subscription.updated';

/**
 * Applies what the provider answered to a REST call (a cancel, a change of product) at once, as the event
 * it will also send would: that event then finds nothing left to change. In one transaction when it fits,
 * else a few rows at a time: a cancel or a conversion leaves a row it changed as it is, so each round
 * plans only the rows still to change, and a call stopped midway is finished by the provider's event.
 */
export async function applyProviderAnswer(
  type: ProviderAnswer,
  data: Record<string, unknown>,
  now = new Date(),
  /** An admin's act on a subscription row (its change at the provider is done already): audited. */
  audit?: { row: SubscriptionRecord; audit: ChangeAudit },
): Promise<void> {
  // The admin's audit entry goes in the first transaction (its change at the provider is done already);
  // with nothing left to change here, on its own.
  let entry = audit ? await buildWrites([subscriptionKind.act(audit.row, audit.audit)], { now }) : [];
  for (let conflicts = 0; conflicts < ATTEMPTS; ) {
    const groups = await planSubscriptionEvent(type, data, now);
    if (!groups.length) {
      if (entry.length) await writeChanges([], { items: entry });
      return;
    }
    try {
      await writeChanges([], { items: [...firstGroups(groups, MAX_TRANSACTION_ITEMS - entry.length).flatMap((group) => group.writes), ...entry] });
      entry = [];
      continue; // Done with these: plan what is left.
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    conflicts++;
  }
  throw new Error(`${type} kept conflicting with other writes`);
}

/**
 * Applies a subscription event (or records one the portal ignores) exactly once: in one transaction
 * with its `applied` record when it fits, else a step at a time, each step the rows that fit with the
 * event's progress (eventStepWrite), the last rows with the `applied` record. The progress is read
 * before the rows: a step or the last transaction lands only while the progress is still what it read,
 * so a row another delivery changed meanwhile is never changed again; a delivery after a crash between
 * steps plans only the rows not done (a renewal extends each license once).
 */
async function applySubscriptionEvent(event: ProviderEvent, now: Date, maxSteps: number): Promise<'applied' | 'duplicate' | 'partial'> {
  let steps = 0;
  let seen = -1;
  for (let conflicts = 0; conflicts < ATTEMPTS; ) {
    const record = await findEvent(event.id);
    if (record?.status === 'applied') return 'duplicate';
    const progress = eventProgress(record);
    // Another delivery's step is progress, not a conflict.
    if (progress.steps > seen) [seen, conflicts] = [progress.steps, 0];
    const groups = event.type in subscriptionEffects ? await planSubscriptionEvent(event.type, event.data, now, new Set(progress.rowsDone)) : [];
    const writes = groups.flatMap((group) => group.writes);
    try {
      if (transactionSize(writes) + 1 <= MAX_TRANSACTION_ITEMS) {
        const outcome = await applyEventWrites(event.id, event.type, writes, progress.steps);
        if (outcome !== 'conflict') return outcome;
      } else {
        const batch = firstGroups(groups, MAX_TRANSACTION_ITEMS - 1);
        await writeChanges([], { items: [eventStepWrite(event.id, event.type, progress, batch.map((group) => group.rowId)), ...batch.flatMap((group) => group.writes)] });
        if (++steps >= maxSteps) return 'partial';
        continue;
      }
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    conflicts++;
  }
  throw new Error(`Event ${event.id} kept conflicting with other writes`);
}

/** The event types the portal applies; any other is acknowledged and ignored. */
export const APPLIED_EVENT_TYPES = ['order.completed', 'return.created', ...Object.keys(subscriptionEffects)] as const;

/**
 * Applies one event exactly once: 'applied' (this delivery changed things), 'duplicate' (an earlier or
 * racing delivery did), 'partial' (an order or a subscription event whose `maxSteps` transactions ran
 * out: the next delivery goes on). Throws EventNotApplicableError when it cannot be applied.
 */
export async function applyEvent(event: ProviderEvent, now = new Date(), { maxSteps = Infinity }: { maxSteps?: number } = {}): Promise<'applied' | 'duplicate' | 'partial'> {
  if (event.type === 'order.completed') return applyOrderEvent(event, now, maxSteps);
  if (event.type === 'return.created') return applyReturn(event, now);
  return applySubscriptionEvent(event, now, maxSteps);
}
