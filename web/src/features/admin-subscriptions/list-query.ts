import { SUBSCRIPTIONS_PAGE_SIZE } from '../../../../shared/commerce/codes';
import type { SUBSCRIPTION_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';
import type { SortOrder } from '../../lib/sorting';
import type { SubscriptionsParams } from './api/get-subscriptions';

export type SubscriptionOrderColumn = (typeof SUBSCRIPTION_ORDER_COLUMNS)[number];

/** The subscription list's order until a header is clicked (spec §9): created, newest first. */
export const DEFAULT_SUBSCRIPTION_SORT: SortOrder<SubscriptionOrderColumn> = { orderBy: 'created', descending: true };

/** One page of the list, 40 subscriptions (spec §9), searched (blank: no search) and in the order asked for. */
export const subscriptionsParams = (search: string, sort: SortOrder<SubscriptionOrderColumn>, page: number): SubscriptionsParams => ({
  limit: SUBSCRIPTIONS_PAGE_SIZE,
  page,
  order_by: sort.orderBy,
  descending: sort.descending,
  search: search.trim() || undefined,
});
