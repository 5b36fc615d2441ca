import { listRowWrites } from '../../lib/lists/list-store';
import { ListCache } from '../../lib/lists/list-cache';
import type { SubscriptionRecord } from './commerce.repository';

/** The admin list kind of subscriptions (list-store.ts). */
export const SUBSCRIPTION_LIST = 'subscriptions';

/** A subscription's compact row; the owner's email is joined from the users list when a page is read. */
export interface SubscriptionListRow {
  id: number;
  created: string;
  license_id: number;
  index: number;
  state: string;
  user_id: number;
  product: string;
  reference: string;
  renews_at: string | null;
}

export const toSubscriptionListRow = (subscription: SubscriptionRecord): SubscriptionListRow => ({
  id: subscription.id,
  created: subscription.created,
  license_id: subscription.license_id,
  index: subscription.index,
  state: subscription.state,
  user_id: subscription.user_id,
  product: subscription.product,
  reference: subscription.reference,
  renews_at: subscription.renews_at ?? null,
});

export const subscriptionListWrites = (subscription: SubscriptionRecord, now: Date) =>
  listRowWrites(SUBSCRIPTION_LIST, subscription.id, toSubscriptionListRow(subscription), now);

export const subscriptionListCache = new ListCache<SubscriptionListRow>(SUBSCRIPTION_LIST);
