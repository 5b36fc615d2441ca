import type { SubscriptionRow } from '../../../shared/contract/lic.admin';
import { subscriptionListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import { userList, type UserListRow } from '../users/user-list';
import type { SubscriptionRecord } from './subscription.entity';

/** The admin list kind of subscriptions (list-store.ts). */
export const SUBSCRIPTION_LIST = subscriptionListColumns.kind;

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

/** A subscription as the list and its detail show it: with its owner's email (empty when gone). */
export const toSubscriptionRow = (row: SubscriptionListRow, owners: ReadonlyMap<number, UserListRow>): SubscriptionRow => ({
  ...row,
  user: owners.get(row.user_id)?.email ?? '',
});

/**
 * Subscriptions: a search finds one by its id, license or owner id, or text in its state, product,
 * provider reference or owner's email; the owner's email joined from the users list.
 */
export const subscriptionList = declareList({
  columns: subscriptionListColumns,
  row: toSubscriptionListRow,
  joins: { owners: userList },
  search: {
    numbers: (row) => [row.id, row.license_id, row.user_id],
    texts: (row, { owners }) => [row.state, row.product, row.reference, owners.get(row.user_id)?.email],
  },
  sort: { user: (row, { owners }) => owners.get(row.user_id)?.email ?? '' },
  result: (row, { owners }) => toSubscriptionRow(row, owners),
});
