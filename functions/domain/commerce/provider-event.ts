/**
 * Reading the checkout provider's webhook deliveries: `{events: [{id, type, live, processed, created,
 * data}]}`, where the provider sends references either as ids or as the expanded objects (the webhook's
 * "expand" setting), so every reference is read both ways.
 */

export interface ProviderEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The events of a delivery, or null when the body is not one. */
export function parseDelivery(body: unknown): ProviderEvent[] | null {
  if (!isObject(body) || !Array.isArray(body.events)) return null;
  const events: ProviderEvent[] = [];
  for (const event of body.events) {
    if (!isObject(event) || typeof event.id !== 'string' || !event.id || typeof event.type !== 'string') return null;
    events.push({ id: event.id, type: event.type, data: isObject(event.data) ? event.data : {} });
  }
  return events;
}

/** A reference given as its id or as the object: its id. */
export function idOf(value: unknown, ...keys: string[]): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  if (isObject(value)) for (const key of ['id', ...keys]) if (typeof value[key] === 'string' && value[key]) return value[key];
  return undefined;
}

/** A day (YYYY-MM-DD) from a provider time: milliseconds since the epoch, or an ISO date or time. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Seconds or milliseconds: the provider has fields of both (next, nextInSeconds).
    const ms = value < 1e11 ? value * 1000 : value;
    return new Date(ms).toISOString().slice(0, 10);
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value))) return value.slice(0, 10);
  return undefined;
}

export interface OrderItem {
  path: string;
  quantity: number;
  /** The provider's subscription id of a subscription item. */
  subscription?: string;
  /** Its next charge, when the expanded subscription says. */
  next?: string;
}

export interface CompletedOrder {
  orderId: string;
  reference?: string;
  /** The `user_id` tag: the buyer's numeric user id, when it is one. */
  userId?: number;
  account?: string;
  items: OrderItem[];
}

/** The order of an `order.completed` event. */
export function readOrder(data: Json): CompletedOrder | undefined {
  const orderId = idOf(data.order) ?? idOf(data.id);
  if (!orderId) return undefined;
  const tags = isObject(data.tags) ? data.tags : {};
  const tagged = typeof tags.user_id === 'number' ? String(tags.user_id) : tags.user_id;
  const userId = typeof tagged === 'string' && /^[1-9]\d{0,15}$/.test(tagged) ? Number(tagged) : undefined;
  const items = (Array.isArray(data.items) ? data.items : []).filter(isObject).map((item): OrderItem => {
    const subscription = item.subscription;
    const next = isObject(subscription) ? (dayOf(subscription.next) ?? dayOf(subscription.nextInSeconds) ?? dayOf(subscription.nextChargeDate)) : undefined;
    return {
      path: idOf(item.product, 'path', 'product') ?? '',
      quantity: typeof item.quantity === 'number' && Number.isInteger(item.quantity) ? item.quantity : 1,
      ...(idOf(subscription) ? { subscription: idOf(subscription) } : {}),
      ...(next ? { next } : {}),
    };
  });
  return {
    orderId,
    ...(typeof data.reference === 'string' ? { reference: data.reference } : {}),
    ...(userId !== undefined ? { userId } : {}),
    ...(idOf(data.account) ? { account: idOf(data.account) } : {}),
    items,
  };
}

export interface SubscriptionChange {
  reference: string;
  /** The product it is for now (a subscription.updated after a change of product). */
  product?: string;
  next?: string;
  end?: string;
}

/**
 * The subscription a subscription event is about: the event's data is the subscription itself, or (a
 * charge) holds it under `subscription`.
 */
export function readSubscription(data: Json): SubscriptionChange | undefined {
  const nested = data.subscription;
  const subscription: Json = isObject(nested) ? nested : data;
  const reference = idOf(nested) ?? idOf(subscription.id) ?? idOf(subscription.subscription);
  if (!reference) return undefined;
  const product = idOf(subscription.product, 'path', 'product');
  const next = dayOf(subscription.next) ?? dayOf(subscription.nextInSeconds) ?? dayOf(subscription.nextChargeDate);
  const end = dayOf(subscription.end) ?? dayOf(subscription.endValue);
  return { reference, ...(product ? { product } : {}), ...(next ? { next } : {}), ...(end ? { end } : {}) };
}

/** The order a `return.created` event takes back. */
export function readReturnedOrder(data: Json): string | undefined {
  const original = data.original;
  if (isObject(original)) return idOf(original.order) ?? idOf(original.id);
  return idOf(original) ?? idOf(data.order);
}
