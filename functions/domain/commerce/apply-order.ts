import { catalogueItem, nextLegacyUpgrade, type CatalogueItem } from '../../../shared/commerce/catalogue';
import type { AddonId } from '../../../shared/licenses/catalog';
import { transactionSize } from '../../lib/db/write-transaction';
import { changeItems, writeChanges } from '../../lib/records/write-changes';
import { isConditionFailure } from '../../lib/db/table';
import { addDuration } from '../codes/code.rules';
import {
  licenseChangeWrites,
  ownLicenses,
  prepareLicense,
  reserveLicenseIds,
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
  isOrderComplete,
  newProviderSubscriptionWrite,
  newSubscriptionRowWrites,
  orderStepWrite,
  orderWrite,
  reserveSubscriptionIds,
  type OrderRecord,
  type SubscriptionRecord,
} from './commerce.repository';
import { ATTEMPTS, later, period, refuse, today } from './event-refusal';
import { packedWriteSteps } from './transaction-steps';
import { readOrder, type CompletedOrder, type ProviderEvent } from './provider-event';

/**
 * Applying an `order.completed` event completely and exactly once, whatever its size
 * (docs/decisions/022-commerce.md). An order that fits one transaction (with its event record) is one
 * transaction. A larger one is applied in steps:
 *
 * 1. the claim: the order record (with the ids it reserved and its number of steps) and every change to a
 *    license that existed before (add-ons, legacy upgrades), conditioned on the order not being recorded;
 * 2. the creations (new licenses and subscription rows, then the provider subscriptions naming them), in
 *    transactions of at most 98 items, each with the order's step counter conditioned on the step before;
 * 3. the last step also records the event as applied.
 *
 * What a step creates follows from the order and its record alone (the reserved ids, the planning time),
 * so a delivery after a crash between steps, or a racing one, plans the same items and continues where
 * the record says; every item is written once.
 */

/** Whether a license may take an add-on: an enabled, unexpired Pro license without it. */
export const takesAddon = (license: Pick<NewLicense, 'license_type_id' | 'addons' | 'enabled' | 'valid_to'>, addon: AddonId, day: string) =>
  license.license_type_id === 'Pro' &&
  license.enabled !== false &&
  (license.valid_to === undefined || license.valid_to >= day) &&
  !(license.addons ?? []).some((present) => present.id === addon);

interface Line {
  line: CompletedOrder['items'][number];
  item: CatalogueItem;
}

interface PlannedLicense {
  fields: NewLicense;
  item: CatalogueItem;
  subscription?: string;
  index: number;
}

/** An add-on the order pays for: on a license it creates (`planned`) or, the k-th, on one the buyer had. */
interface PlannedAddon {
  addon: AddonId;
  item: CatalogueItem;
  subscription?: string;
  index: number;
  target: { planned: number } | { existing: number };
}

/** What an order creates, from the order alone: the same on every delivery. */
export interface OrderPlan {
  licenses: PlannedLicense[];
  addons: PlannedAddon[];
  /** Add-ons for licenses the buyer had, in order (the claim picks the licenses). */
  existingAddons: { addon: AddonId; item: CatalogueItem }[];
  upgrades: Line[];
}

/** The order's lines with their catalogue items; an unknown product or a quantity outside 1–100 refuses it. */
export function linesOf(order: CompletedOrder): Line[] {
  const lines = order.items.map((line) => ({ line, item: catalogueItem(line.path) ?? refuse(`Order ${order.orderId}: unknown product ${line.path}`) }));
  for (const { line } of lines) if (line.quantity < 1 || line.quantity > 100) refuse(`Order ${order.orderId}: quantity ${line.quantity} of ${line.path}`);
  return lines;
}

export function planOrder(order: CompletedOrder, lines: Line[], userId: number, day: string): OrderPlan {
  // New licenses first, so that add-ons bought with a Pro license go onto it.
  const licenses: PlannedLicense[] = [];
  for (const { line, item } of lines) {
    const grants = item.grants;
    if (grants.kind !== 'license' && grants.kind !== 'legacy-license') continue;
    for (let index = 0; index < line.quantity; index++) {
      const validTo = item.subscription ? (line.next ?? addDuration(day, period(item))) : item.interval === 'perpetual' ? undefined : addDuration(day, period(item));
      licenses.push({
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
  const addons: PlannedAddon[] = [];
  const existingAddons: OrderPlan['existingAddons'] = [];
  for (const { line, item } of lines) {
    const grants = item.grants;
    if (grants.kind !== 'addon') continue;
    for (let index = 0; index < line.quantity; index++) {
      const subscription = line.subscription ? { subscription: line.subscription } : {};
      const fresh = licenses.findIndex((planned) => takesAddon(planned.fields, grants.addon_id, day));
      if (fresh >= 0) {
        licenses[fresh]!.fields.addons = [...(licenses[fresh]!.fields.addons ?? []), { id: grants.addon_id }];
        addons.push({ addon: grants.addon_id, item, index, ...subscription, target: { planned: fresh } });
      } else {
        addons.push({ addon: grants.addon_id, item, index, ...subscription, target: { existing: existingAddons.length } });
        existingAddons.push({ addon: grants.addon_id, item });
      }
    }
  }
  return { licenses, addons, existingAddons, upgrades: lines.filter(({ item }) => item.grants.kind === 'legacy-upgrade') };
}

/**
 * What an order changes on licenses the buyer had (`owned`, by id): each add-on for them goes onto the first
 * that takes it; each legacy upgrade extends, by a year from its end (or today, if later), a license an admin
 * marked with it, and moves the mark on. Refuses an order they cannot take.
 */
export function planClaim(order: CompletedOrder, plan: OrderPlan, owned: readonly LicenseRecord[], day: string) {
  const userId = order.userId;
  const changes = new Map<number, { license: LicenseRecord; changes: LicenseChanges }>();
  const addedAddons: OrderRecord['addons'] = [];
  for (const { addon } of plan.existingAddons) {
    const existing =
      owned.find((license) => takesAddon({ ...license, ...(changes.get(license.id)?.changes as object) } as LicenseRecord, addon, day)) ??
      refuse(`Order ${order.orderId}: user ${userId} has no Pro license to take the ${addon} add-on`);
    const entry = changes.get(existing.id) ?? { license: existing, changes: {} };
    entry.changes.addons = [...(entry.changes.addons ?? existing.addons), { id: addon }];
    changes.set(existing.id, entry);
    addedAddons.push({ license_id: existing.id, addon_id: addon });
  }
  const extensions: OrderRecord['extensions'] = [];
  for (const { line } of plan.upgrades) {
    const marked = owned.filter((license) => license.to_fastspring_product === line.path && !changes.has(license.id));
    if (marked.length < line.quantity) refuse(`Order ${order.orderId}: user ${userId} has ${marked.length} license(s) marked for ${line.path}, not ${line.quantity}`);
    for (const license of marked.slice(0, line.quantity)) {
      const validTo = addDuration(later(license.valid_to, day), 'P1Y');
      const mark = nextLegacyUpgrade(line.path);
      changes.set(license.id, { license, changes: { valid_to: validTo, to_fastspring_product: mark } });
      extensions.push({
        license_id: license.id,
        ...(license.valid_to ? { valid_to_before: license.valid_to } : {}),
        ...(license.to_fastspring_product ? { mark_before: license.to_fastspring_product } : {}),
        valid_to_after: validTo,
        ...(mark ? { mark_after: mark } : {}),
      });
    }
  }
  return { changes, addedAddons, extensions };
}

const subscriptionCount = (plan: OrderPlan) => plan.licenses.filter((l) => l.subscription).length + plan.addons.filter((a) => a.subscription).length;

/**
 * The creations of an order as units that are written whole (a license with its list row and its
 * subscription row …), in a fixed order: licenses, add-on subscription rows, then the provider
 * subscriptions, which name rows that must exist by then.
 */
async function creationUnits(order: CompletedOrder, plan: OrderPlan, record: Pick<OrderRecord, 'user_id' | 'addons' | 'first_license_id' | 'first_subscription_id'>, now: Date): Promise<TransactionItem[][]> {
  const day = today(now);
  const units: TransactionItem[][] = [];
  const created: LicenseRecord[] = [];
  const rows = new Map<string, number[]>();
  let nextSubscriptionId = record.first_subscription_id ?? 0;
  const row = (reference: string, index: number, license: Pick<LicenseRecord, 'id' | 'valid_to'>, item: CatalogueItem, addon?: AddonId): SubscriptionRecord => {
    const id = nextSubscriptionId++;
    rows.set(reference, [...(rows.get(reference) ?? []), id]);
    return {
      id,
      reference,
      index,
      license_id: license.id,
      user_id: record.user_id,
      product: item.path,
      state: 'active',
      ...(addon ? { renews_at: addDuration(day, period(item)), addon_id: addon } : license.valid_to ? { renews_at: license.valid_to } : {}),
      version: 0,
      created: now.toISOString(),
      updated: now.toISOString(),
    };
  };
  for (const [position, planned] of plan.licenses.entries()) {
    const subscriptionId = planned.subscription ? nextSubscriptionId : undefined;
    const fields = { ...planned.fields, ...(subscriptionId !== undefined ? { subscription_id: subscriptionId } : {}) };
    const { license, change } = await prepareLicense(fields, now, record.first_license_id! + position);
    const writes = changeItems([change], now);
    created.push(license);
    units.push(planned.subscription ? [...writes, ...newSubscriptionRowWrites(row(planned.subscription, planned.index, license, planned.item), now)] : writes);
  }
  for (const planned of plan.addons) {
    if (!planned.subscription) continue;
    const license = 'planned' in planned.target ? created[planned.target.planned]! : { id: record.addons[planned.target.existing]!.license_id };
    units.push(newSubscriptionRowWrites(row(planned.subscription, planned.index, license, planned.item, planned.addon), now));
  }
  for (const [reference, ids] of rows) {
    units.push([newProviderSubscriptionWrite({ reference, user_id: record.user_id, order_id: order.orderId, ids, ...(order.account ? { account: order.account } : {}) })]);
  }
  return units;
}

/** Units packed in order into transactions of at most `size` items. */
const packed = (units: TransactionItem[][], size: number): TransactionItem[][] =>
  packedWriteSteps(units, size, (unit) => unit).map((step) => step.flat());

/** Items of a step besides its creations: the order's step counter and, in the last, the event record. */
const STEP_OVERHEAD = 2;

type Outcome = 'applied' | 'duplicate' | 'conflict' | 'partial';

/**
 * Plans the order against what is stored and writes it: at once when it fits one transaction, else its
 * claim, then its steps (continueOrder).
 */
async function claimOrder(event: ProviderEvent, order: CompletedOrder, now: Date, maxSteps: number): Promise<Outcome> {
  if (order.userId === undefined) refuse(`Order ${order.orderId} is not tagged with a user_id`);
  const userId = order.userId!;
  const user = (await findUserById(userId)) ?? refuse(`Order ${order.orderId}: user ${userId} does not exist`);
  const lines = linesOf(order);
  // The legacy page is shown only to users with the legacy flag; the server holds the same line.
  const legacy = lines.filter(({ item }) => item.shelf === 'legacy').map(({ item }) => item.path);
  if (legacy.length && !user.legacy) refuse(`Order ${order.orderId}: user ${userId} may not buy legacy items (${legacy.join(', ')}): nothing granted, refund it`);
  const day = today(now);
  const plan = planOrder(order, lines, userId, day);

  const owned = (await ownLicenses(userId)).sort((a, b) => a.id - b.id);
  const { changes, addedAddons, extensions } = planClaim(order, plan, owned, day);
  const references = new Set([...plan.licenses, ...plan.addons].flatMap((planned) => (planned.subscription ? [planned.subscription] : [])));
  for (const reference of references) {
    if (await findProviderSubscription(reference)) refuse(`Order ${order.orderId}: subscription ${reference} belongs to another order`);
  }

  const subscriptions = subscriptionCount(plan);
  const reserved = {
    user_id: userId,
    addons: addedAddons,
    first_license_id: plan.licenses.length ? await reserveLicenseIds(plan.licenses.length) : 0,
    first_subscription_id: subscriptions ? await reserveSubscriptionIds(subscriptions) : 0,
  };
  const units = await creationUnits(order, plan, reserved, now);
  const changeWrites = [...changes.values()].flatMap(({ license, changes: change }) => licenseChangeWrites(license, change, { now }));
  const record = {
    order_id: order.orderId,
    ...(order.reference ? { reference: order.reference } : {}),
    ...reserved,
    license_ids: plan.licenses.map((_, position) => reserved.first_license_id + position),
    extended_ids: extensions.map((extension) => extension.license_id),
    extensions,
    items: order.items.map(({ path, quantity }) => ({ path, quantity })),
  };
  const creations = units.flat();
  // The order record and the event record besides the writes.
  if (transactionSize([...changeWrites, ...creations]) + 2 <= MAX_TRANSACTION_ITEMS) {
    return applyEventWrites(event.id, event.type, [...changeWrites, ...creations, orderWrite(record)]);
  }
  if (transactionSize(changeWrites) + 1 > MAX_TRANSACTION_ITEMS) refuse(`Order ${order.orderId}: changes too many licenses at once (${transactionSize(changeWrites)} writes)`);
  const steps = packed(units, MAX_TRANSACTION_ITEMS - STEP_OVERHEAD);
  const claimed: Omit<OrderRecord, 'created' | 'updated'> = { ...record, planned_at: now.toISOString(), steps: steps.length, steps_done: 0 };
  try {
    await writeChanges([], { items: [orderWrite(claimed), ...changeWrites] });
  } catch (error) {
    if (isConditionFailure(error)) return 'conflict';
    throw error;
  }
  return maxSteps <= 1 ? 'partial' : continueOrder(event, order, { ...claimed, created: '', updated: '' }, maxSteps - 1);
}

/** Writes the steps of an order that its record says are not done yet, each once. */
async function continueOrder(event: ProviderEvent, order: CompletedOrder, record: OrderRecord, maxSteps: number): Promise<Outcome> {
  const plannedAt = new Date(record.planned_at!);
  const plan = planOrder(order, linesOf(order), record.user_id, today(plannedAt));
  const steps = packed(await creationUnits(order, plan, record, plannedAt), MAX_TRANSACTION_ITEMS - STEP_OVERHEAD);
  if (steps.length !== record.steps) throw new Error(`Order ${order.orderId} plans ${steps.length} steps now, ${record.steps} when claimed`);
  let taken = 0;
  for (let done = record.steps_done ?? 0; done < steps.length; done++) {
    if (taken++ >= maxSteps) return 'partial';
    const writes = [orderStepWrite(record.order_id, done + 1), ...steps[done]!];
    if (done + 1 === steps.length) return applyEventWrites(event.id, event.type, writes);
    try {
      await writeChanges([], { items: writes });
    } catch (error) {
      // Another delivery wrote this step: read the record again and go on from there.
      if (isConditionFailure(error)) return 'conflict';
      throw error;
    }
  }
  return applyEventWrites(event.id, event.type, []);
}

/**
 * Applies an `order.completed` event: 'applied', 'duplicate' (an earlier or racing delivery applied it),
 * or 'partial' when `maxSteps` (transactions) ran out before the order was complete: the next delivery
 * goes on. Throws EventNotApplicableError when it cannot be applied.
 */
export async function applyOrderEvent(event: ProviderEvent, now: Date, maxSteps = Infinity): Promise<'applied' | 'duplicate' | 'partial'> {
  const order = readOrder(event.data) ?? refuse('The order has no id');
  for (let attempt = 1; ; attempt++) {
    const record = await findOrder(order.orderId);
    const outcome = !record
      ? await claimOrder(event, order, now, maxSteps)
      : isOrderComplete(record)
        ? await applyEventWrites(event.id, event.type, [])
        : await continueOrder(event, order, record, maxSteps);
    if (outcome !== 'conflict') {
      return outcome;
    }
    if (attempt >= ATTEMPTS * 2) throw new Error(`Event ${event.id} kept conflicting with other writes`);
  }
}
