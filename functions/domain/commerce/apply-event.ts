import { catalogueItem, nextLegacyUpgrade, type CatalogueItem } from '../../../shared/commerce/catalogue';
import type { AddonId } from '../../../shared/licenses/catalog';
import { execute } from 'dynamodb-toolbox/entity/actions/transactWrite';
import { isConditionFailure } from '../../lib/db/table';
import { addDuration } from '../codes/code.rules';
import {
  findLicense,
  licenseChangeWrites,
  ownLicenses,
  prepareLicense,
  type LicenseChanges,
  type LicenseRecord,
  type NewLicense,
  type TransactionItem,
} from '../licenses/licenses.repository';
import { findUserById } from '../users/users.repository';
import {
  MAX_TRANSACTION_ITEMS,
  applyEventWrites,
  findOrder,
  findProviderSubscription,
  newSubscriptionId,
  newSubscriptionWrites,
  orderReturnedWrite,
  orderWrite,
  subscriptionChangeWrites,
  subscriptionRows,
  type SubscriptionChanges,
  type SubscriptionRecord,
} from './commerce.repository';
import { readOrder, readReturnedOrder, readSubscription, type ProviderEvent, type SubscriptionChange } from './provider-event';

/**
 * What each provider event does to licenses and subscriptions (docs/decisions/022-commerce.md). Each
 * event is planned from what is stored now and written in one transaction with its `applied` record;
 * an event that cannot be applied throws EventNotApplicableError and changes nothing.
 */

/** An event the portal cannot apply as it stands (unknown product, user, subscription or order). */
export class EventNotApplicableError extends Error {
  override readonly name = 'EventNotApplicableError';
}

const refuse = (reason: string): never => {
  throw new EventNotApplicableError(reason);
};

/** Days a license keeps working after a renewal payment failed, while the provider retries it. */
export const OVERDUE_GRACE_DAYS = 7;

const today = (now: Date) => now.toISOString().slice(0, 10);
const period = (item: CatalogueItem) => (item.interval === 'month' ? 'P1M' : 'P1Y');
const later = (a: string | undefined, b: string) => (a && a > b ? a : b);

/** Whether a license may take an add-on: an enabled, unexpired Pro license without it. */
const takesAddon = (license: Pick<NewLicense, 'license_type_id' | 'addons' | 'enabled' | 'valid_to'>, addon: AddonId, day: string) =>
  license.license_type_id === 'Pro' &&
  license.enabled !== false &&
  (license.valid_to === undefined || license.valid_to >= day) &&
  !(license.addons ?? []).some((present) => present.id === addon);

interface PlannedLicense {
  fields: NewLicense;
  item: CatalogueItem;
  subscription?: string;
  index: number;
}

async function planOrder(data: Record<string, unknown>, now: Date): Promise<TransactionItem[]> {
  const order = readOrder(data) ?? refuse('The order has no id');
  if ((await findOrder(order.orderId)) !== null) return [];
  if (order.userId === undefined) refuse(`Order ${order.orderId} is not tagged with a user_id`);
  const userId = order.userId!;
  if (!(await findUserById(userId))) refuse(`Order ${order.orderId}: user ${userId} does not exist`);
  const day = today(now);
  const lines = order.items.map((line) => ({ line, item: catalogueItem(line.path) ?? refuse(`Order ${order.orderId}: unknown product ${line.path}`) }));
  for (const { line } of lines) if (line.quantity < 1 || line.quantity > 100) refuse(`Order ${order.orderId}: quantity ${line.quantity} of ${line.path}`);

  // New licenses first, so that add-ons bought with a Pro license go onto it.
  const planned: PlannedLicense[] = [];
  for (const { line, item } of lines) {
    const grants = item.grants;
    if (grants.kind !== 'license' && grants.kind !== 'legacy-license') continue;
    for (let index = 0; index < line.quantity; index++) {
      const validTo = item.subscription ? (line.next ?? addDuration(day, period(item))) : item.interval === 'perpetual' ? undefined : addDuration(day, period(item));
      planned.push({
        fields: {
          user_id: userId,
          license_type_id: grants.license_type_id,
          valid_from: day,
          ...(validTo ? { valid_to: validTo } : {}),
          addons: [],
          tag: `order:${order.orderId}`,
          ...(item.subscription && line.subscription ? { subscription_state: 'active' } : {}),
        },
        item,
        index,
        ...(item.subscription && line.subscription ? { subscription: line.subscription } : {}),
      });
    }
  }

  const owned = (await ownLicenses(userId)).sort((a, b) => a.id - b.id);
  const changes = new Map<number, { license: LicenseRecord; changes: LicenseChanges }>();
  const addedAddons: { license_id: number; addon_id: AddonId }[] = [];
  const addonSubscriptions: { target: PlannedLicense | LicenseRecord; addon: AddonId; item: CatalogueItem; subscription?: string; index: number }[] = [];
  const extended: number[] = [];

  for (const { line, item } of lines) {
    const grants = item.grants;
    if (grants.kind === 'addon') {
      for (let index = 0; index < line.quantity; index++) {
        const fresh = planned.find((p) => takesAddon(p.fields, grants.addon_id, day));
        if (fresh) {
          fresh.fields.addons = [...(fresh.fields.addons ?? []), { id: grants.addon_id }];
          addonSubscriptions.push({ target: fresh, addon: grants.addon_id, item, index, ...(line.subscription ? { subscription: line.subscription } : {}) });
          continue;
        }
        const existing = owned.find((license) => takesAddon({ ...license, ...(changes.get(license.id)?.changes as object) } as LicenseRecord, grants.addon_id, day));
        if (!existing) refuse(`Order ${order.orderId}: user ${userId} has no Pro license to take the ${grants.addon_id} add-on`);
        const entry = changes.get(existing!.id) ?? { license: existing!, changes: {} };
        entry.changes.addons = [...(entry.changes.addons ?? existing!.addons), { id: grants.addon_id }];
        changes.set(existing!.id, entry);
        addedAddons.push({ license_id: existing!.id, addon_id: grants.addon_id });
        addonSubscriptions.push({ target: existing!, addon: grants.addon_id, item, index, ...(line.subscription ? { subscription: line.subscription } : {}) });
      }
    }
    if (grants.kind === 'legacy-upgrade') {
      const marked = owned.filter((license) => license.to_fastspring_product === line.path && !changes.has(license.id));
      if (marked.length < line.quantity) refuse(`Order ${order.orderId}: user ${userId} has ${marked.length} license(s) marked for ${line.path}, not ${line.quantity}`);
      for (const license of marked.slice(0, line.quantity)) {
        changes.set(license.id, {
          license,
          changes: { valid_to: addDuration(later(license.valid_to, day), 'P1Y'), to_fastspring_product: nextLegacyUpgrade(line.path) },
        });
        extended.push(license.id);
      }
    }
  }

  const writes: TransactionItem[] = [];
  const created: LicenseRecord[] = [];
  const subscriptionIds = new Map<string, SubscriptionRecord[]>();
  const subscriptionRow = async (reference: string, index: number, license: LicenseRecord, item: CatalogueItem, addon?: AddonId): Promise<SubscriptionRecord> => ({
    id: await newSubscriptionId(),
    reference,
    index,
    license_id: license.id,
    user_id: userId,
    product: item.path,
    state: 'active',
    ...(license.valid_to && !addon ? { renews_at: license.valid_to } : addon ? { renews_at: addDuration(day, period(item)) } : {}),
    ...(addon ? { addon_id: addon } : {}),
    version: 0,
    created: now.toISOString(),
    updated: now.toISOString(),
  });

  for (const plan of planned) {
    let subscriptionId: number | undefined;
    if (plan.subscription) subscriptionId = await newSubscriptionId();
    const { license, writes: licenseWrites } = await prepareLicense({ ...plan.fields, ...(subscriptionId ? { subscription_id: subscriptionId } : {}) }, now);
    created.push(license);
    writes.push(...licenseWrites);
    if (plan.subscription && subscriptionId) {
      const row = { ...(await subscriptionRow(plan.subscription, plan.index, license, plan.item)), id: subscriptionId };
      subscriptionIds.set(plan.subscription, [...(subscriptionIds.get(plan.subscription) ?? []), row]);
    }
  }
  for (const { target, addon, item, subscription, index } of addonSubscriptions) {
    if (!subscription) continue;
    const license = 'fields' in target ? created[planned.indexOf(target)]! : target;
    const row = await subscriptionRow(subscription, index, license, item, addon);
    subscriptionIds.set(subscription, [...(subscriptionIds.get(subscription) ?? []), row]);
  }
  for (const { license, changes: change } of changes.values()) writes.push(...licenseChangeWrites(license, change, { now }));
  for (const [reference, rows] of subscriptionIds) {
    if (await findProviderSubscription(reference)) refuse(`Order ${order.orderId}: subscription ${reference} belongs to another order`);
    writes.push(
      ...newSubscriptionWrites(
        { reference, user_id: userId, order_id: order.orderId, ids: rows.map((row) => row.id), ...(order.account ? { account: order.account } : {}) },
        rows,
        now,
      ),
    );
  }
  writes.push(
    orderWrite({
      order_id: order.orderId,
      ...(order.reference ? { reference: order.reference } : {}),
      user_id: userId,
      license_ids: created.map((license) => license.id),
      addons: addedAddons,
      extended_ids: extended,
      items: order.items.map(({ path, quantity }) => ({ path, quantity })),
    }),
  );
  return writes;
}

/** What a subscription event changes on a subscription row and on its license. */
type SubscriptionEffect = (row: SubscriptionRecord, license: LicenseRecord, change: SubscriptionChange, now: Date) => {
  subscription: SubscriptionChanges;
  license: LicenseChanges;
};

const renewsTo = (row: SubscriptionRecord, license: LicenseRecord, change: SubscriptionChange, now: Date) => {
  const item = catalogueItem(change.product ?? row.product);
  return change.next ?? addDuration(later(row.addon_id ? row.renews_at : license.valid_to, today(now)), item ? period(item) : 'P1Y');
};

const subscriptionEffects: Record<string, SubscriptionEffect> = {
  'subscription.activated': () => ({ subscription: { state: 'active' }, license: { subscription_state: 'active' } }),
  'subscription.charge.completed': (row, license, change, now) => {
    const next = renewsTo(row, license, change, now);
    return {
      subscription: { state: 'active', renews_at: next },
      license: row.addon_id ? {} : { subscription_state: 'active', valid_to: next },
    };
  },
  'subscription.canceled': () => ({ subscription: { state: 'canceled' }, license: { subscription_state: 'canceled' } }),
  'subscription.uncanceled': () => ({ subscription: { state: 'active' }, license: { subscription_state: 'active' } }),
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
  'subscription.updated': (row, license, change) => {
    const item = change.product ? catalogueItem(change.product) : undefined;
    const convert = item && item.path !== row.product && item.grants.kind === 'license' && !row.addon_id;
    return {
      subscription: { ...(convert ? { product: item.path } : {}), ...(change.next ? { renews_at: change.next } : {}) },
      license: convert && item.grants.kind === 'license' ? { license_type_id: item.grants.license_type_id, addons: [] } : {},
    };
  },
};

async function planSubscriptionEvent(type: string, data: Record<string, unknown>, now: Date): Promise<TransactionItem[]> {
  const change = readSubscription(data) ?? refuse(`${type}: no subscription id`);
  const provider = (await findProviderSubscription(change.reference)) ?? refuse(`${type}: unknown subscription ${change.reference}`);
  const effect = subscriptionEffects[type]!;
  const writes: TransactionItem[] = [];
  for (const row of await subscriptionRows(provider)) {
    const license = (await findLicense(row.license_id)) ?? refuse(`${type}: license ${row.license_id} of subscription ${row.id} is gone`);
    const { subscription, license: licenseChanges } = effect(row, license, change, now);
    writes.push(...subscriptionChangeWrites(row, subscription, now));
    if (Object.keys(licenseChanges).length) writes.push(...licenseChangeWrites(license, licenseChanges, { now }));
  }
  return writes;
}

async function planReturn(data: Record<string, unknown>, now: Date): Promise<TransactionItem[]> {
  const orderId = readReturnedOrder(data) ?? refuse('return.created: no original order');
  const order = (await findOrder(orderId)) ?? refuse(`return.created: unknown order ${orderId}`);
  if (order.returned) return [];
  const writes: TransactionItem[] = [orderReturnedWrite(order, now)];
  for (const licenseId of order.license_ids) {
    const license = await findLicense(licenseId);
    if (license?.enabled) writes.push(...licenseChangeWrites(license, { enabled: false }, { now }));
  }
  const addonsByLicense = new Map<number, AddonId[]>();
  for (const { license_id, addon_id } of order.addons) addonsByLicense.set(license_id, [...(addonsByLicense.get(license_id) ?? []), addon_id]);
  for (const [licenseId, addons] of addonsByLicense) {
    const license = await findLicense(licenseId);
    if (license) writes.push(...licenseChangeWrites(license, { addons: license.addons.filter((addon) => !addons.includes(addon.id)) }, { now }));
  }
  return writes;
}

/**
 * Applies what the provider answered to a REST call (a cancel, a change of product) at once, as the event
 * it will also send would: that event then finds nothing left to change.
 */
export async function applyProviderAnswer(type: keyof typeof subscriptionEffects, data: Record<string, unknown>, now = new Date()): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const writes = await planSubscriptionEvent(type, data, now);
    try {
      await execute(...writes);
      return;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

/** The event types the portal applies; any other is acknowledged and ignored. */
export const APPLIED_EVENT_TYPES = ['order.completed', 'return.created', ...Object.keys(subscriptionEffects)] as const;

async function plan(event: ProviderEvent, now: Date): Promise<TransactionItem[]> {
  if (event.type === 'order.completed') return planOrder(event.data, now);
  if (event.type === 'return.created') return planReturn(event.data, now);
  if (event.type in subscriptionEffects) return planSubscriptionEvent(event.type, event.data, now);
  return [];
}

/** Plans that lost a race with another write are planned again, this many times. */
const ATTEMPTS = 4;

/**
 * Applies one event exactly once: 'applied' (this delivery changed things), 'duplicate' (an earlier or
 * racing delivery did). Throws EventNotApplicableError when it cannot be applied.
 */
export async function applyEvent(event: ProviderEvent, now = new Date()): Promise<'applied' | 'duplicate'> {
  for (let attempt = 1; ; attempt++) {
    const writes = await plan(event, now);
    if (writes.length + 1 > MAX_TRANSACTION_ITEMS) refuse(`${event.type}: too large to apply at once (${writes.length} writes)`);
    const outcome = await applyEventWrites(event.id, event.type, writes);
    if (outcome !== 'conflict') return outcome;
    if (attempt >= ATTEMPTS) throw new Error(`Event ${event.id} kept conflicting with other writes`);
  }
}
