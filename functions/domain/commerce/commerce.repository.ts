import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add, $remove, $set, UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { ChangeAudit } from '../../lib/records/record-kind';
import { changeItems, writeChanges } from '../../lib/records/write-changes';
import { nextId, reserveIds } from '../../lib/db/counters';
import { isConditionFailure } from '../../lib/db/table';
import type { TransactionItem } from '../licenses/licenses.repository';
import { OrderEntity } from './order.entity';
import { ProviderSubscriptionEntity, SubscriptionEntity, type ProviderSubscriptionRecord, type SubscriptionRecord } from './subscription.entity';
import { subscriptionKind } from './subscription.kind';
import { WebhookEventEntity } from './webhook-event.entity';

export type { ProviderSubscriptionRecord, SubscriptionRecord } from './subscription.entity';
export type OrderRecord = FormattedItem<typeof OrderEntity>;
export type WebhookEventRecord = FormattedItem<typeof WebhookEventEntity>;

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export async function findEvent(eventId: string): Promise<WebhookEventRecord | null> {
  const { Item } = await WebhookEventEntity.build(GetItemCommand).key({ event_id: eventId }).options({ consistent: true }).send();
  return Item ?? null;
}

/** An event not applied yet (new, failed before, or part applied). */
type EventCondition = Condition<typeof WebhookEventEntity>;
const notApplied: EventCondition = { or: [{ attr: 'event_id', exists: false }, { attr: 'status', ne: 'applied' }] };

/** Records that an event could not be applied, and why (kept until a delivery applies it). */
export async function recordEventFailure(eventId: string, type: string, reason: string): Promise<void> {
  await WebhookEventEntity.build(UpdateItemCommand)
    .item({ event_id: eventId, type, status: 'failed', reason, failures: $add(1) })
    .options({ condition: notApplied })
    .send()
    .catch((error: unknown) => {
      // Another delivery applied it meanwhile: nothing to record.
      if (!isConditionFailure(error)) throw error;
    });
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'conflict';

/** An event not applied yet, with `steps` transactions of it applied (none: an event applied at once). */
const notAppliedAfter = (steps: number): EventCondition => ({
  and: [notApplied, steps === 0 ? { attr: 'steps_done', exists: false } : { attr: 'steps_done', eq: steps }],
});

/** How far a subscription event applied in steps got: the rows it changed, in how many transactions. */
export interface EventProgress {
  rowsDone: number[];
  steps: number;
}

export const eventProgress = (record: WebhookEventRecord | null): EventProgress => ({ rowsDone: record?.rows_done ?? [], steps: record?.steps_done ?? 0 });

/**
 * Records that a step of an event changed the subscription rows `rowIds`, only while the event is not
 * applied and still shows the `progress` its plan was read with: two deliveries planned from the same
 * progress cannot both write a step, and a delivery that read the progress before another one's step
 * cannot apply those rows again.
 */
export const eventStepWrite = (eventId: string, type: string, progress: EventProgress, rowIds: number[]): TransactionItem =>
  WebhookEventEntity.build(UpdateTransaction)
    .item({ event_id: eventId, type, status: 'applying', reason: $remove(), rows_done: $set([...progress.rowsDone, ...rowIds]), steps_done: progress.steps + 1 })
    .options({ condition: notAppliedAfter(progress.steps) });

/**
 * Writes an event's changes and its `applied` record in one transaction: the record's condition (not
 * applied before, and for an event applied in steps still after the `steps` its plan read) makes a second
 * delivery, or a racing one, change nothing. A transaction refused for another reason (a license changed
 * meanwhile, another delivery's step) is a `conflict` the caller may plan again.
 */
export async function applyEventWrites(eventId: string, type: string, writes: TransactionItem[], steps = 0): Promise<ApplyOutcome> {
  try {
    await writeChanges([], {
      items: [
        WebhookEventEntity.build(UpdateTransaction)
          .item({ event_id: eventId, type, status: 'applied', reason: $remove() })
          .options({ condition: notAppliedAfter(steps) }),
        ...writes,
      ],
    });
    return 'applied';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await findEvent(eventId))?.status === 'applied' ? 'duplicate' : 'conflict';
  }
}

export async function findOrder(orderId: string): Promise<OrderRecord | null> {
  const { Item } = await OrderEntity.build(GetItemCommand).key({ order_id: orderId }).options({ consistent: true }).send();
  return Item ?? null;
}

/** Records an order; an order is recorded once. */
export const orderWrite = (order: Omit<OrderRecord, 'created' | 'updated'>) =>
  OrderEntity.build(PutTransaction).item(order).options({ condition: { attr: 'order_id', exists: false } });

/**
 * Records that step `done` of an order applied in steps landed, only while the step before it is the
 * last one recorded: two deliveries continuing the same order cannot both write a step.
 */
export const orderStepWrite = (orderId: string, done: number) =>
  OrderEntity.build(UpdateTransaction)
    .item({ order_id: orderId, steps_done: done })
    .options({ condition: { attr: 'steps_done', eq: done - 1 } });

/** Whether every step of an order landed (an order applied at once has no steps). */
export const isOrderComplete = (order: OrderRecord) => order.steps === undefined || (order.steps_done ?? 0) >= order.steps;

/** Marks an order refunded, once; `unrestored` names the licenses the refund could not take back. */
export const orderReturnedWrite = (order: OrderRecord, now: Date, unrestored: number[] = []) =>
  OrderEntity.build(UpdateTransaction)
    .item({ order_id: order.order_id, returned: now.toISOString(), ...(unrestored.length ? { unrestored_ids: $set(unrestored) } : {}) })
    .options({ condition: { attr: 'returned', exists: false } });

export async function findProviderSubscription(reference: string): Promise<ProviderSubscriptionRecord | null> {
  const { Item } = await ProviderSubscriptionEntity.build(GetItemCommand).key({ reference }).options({ consistent: true }).send();
  return Item ?? null;
}

export async function findSubscription(id: number): Promise<SubscriptionRecord | null> {
  const { Item } = await SubscriptionEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** The portal's rows of a provider subscription, by index. */
export async function subscriptionRows(provider: ProviderSubscriptionRecord): Promise<SubscriptionRecord[]> {
  const rows = await Promise.all(provider.ids.map(findSubscription));
  return rows.filter((row): row is SubscriptionRecord => row !== null).sort((a, b) => a.index - b.index);
}

export const newSubscriptionId = () => nextId('subscription');

/** Reserves `count` consecutive subscription ids; returns the first. */
export const reserveSubscriptionIds = (count: number) => reserveIds('subscription', count);

/** A new subscription row with its list row. */
export const newSubscriptionRowWrites = (row: SubscriptionRecord, now: Date): TransactionItem[] =>
  changeItems([subscriptionKind.change({ before: null, after: row, condition: { attr: 'id', exists: false } })], now);

/** A new provider subscription naming its rows (written once they all exist: its events find them all). */
export const newProviderSubscriptionWrite = (provider: Omit<ProviderSubscriptionRecord, 'created' | 'updated'>): TransactionItem =>
  ProviderSubscriptionEntity.build(PutTransaction).item(provider).options({ condition: { attr: 'reference', exists: false } });

export type SubscriptionChanges = Partial<
  Pick<SubscriptionRecord, 'state' | 'product' | 'converted_from' | 'converted_on' | 'ended_addon_subscriptions' | 'ended_on' | 'ended_by_conversion_of'>
> & { renews_at?: string | null; canceled_with?: number | null; canceled_whole?: boolean | null };

/**
 * Whether a row has left its provider subscription: an add-on row a conversion ended, or one canceled with
 * its license's subscription by lowering the quantity (not `canceled_whole`: that one's provider
 * subscription was canceled itself). That provider subscription no longer pays for it, and its later events
 * leave the row as it is.
 */
export const leftItsProviderSubscription = (row: SubscriptionRecord): boolean =>
  row.ended_by_conversion_of !== undefined || (row.canceled_with !== undefined && !row.canceled_whole);

/** A change of a subscription row read as `row`, with its list row, only while it is still at that version. */
export function subscriptionChangeWrites(row: SubscriptionRecord, changes: SubscriptionChanges, now: Date): TransactionItem[] {
  const next: SubscriptionRecord = { ...row, updated: now.toISOString(), version: row.version + 1 };
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete (next as Record<string, unknown>)[name];
    else (next as Record<string, unknown>)[name] = value;
  }
  return changeItems([subscriptionKind.change({ before: row, after: next, condition: { attr: 'version', eq: row.version } })], now);
}


/**
 * Records that the conversion of `converted` (the subscription row of the same license) ended the add-on
 * subscription row `addon` on `day`: the add-on row is deactivated and says why, the converted row names
 * it. Each only while still as read.
 */
export const addonEndedByConversionWrites = (addon: SubscriptionRecord, converted: SubscriptionRecord, day: string, now: Date): TransactionItem[] => [
  ...subscriptionChangeWrites(addon, { state: 'deactivated', renews_at: null, ended_on: day, ended_by_conversion_of: converted.id }, now),
  ...subscriptionChangeWrites(converted, { ended_addon_subscriptions: [...new Set([...(converted.ended_addon_subscriptions ?? []), addon.id])] }, now),
];

/** An admin's act on a subscription row that changes nothing of it here (done at the provider): its audit entry alone. */
export const recordSubscriptionAct = (row: SubscriptionRecord, audit: ChangeAudit) => writeChanges([subscriptionKind.act(row, audit)]);
