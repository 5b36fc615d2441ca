import type { SUBSCRIPTION_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';
import type { SortOrder } from '../../lib/sorting';

export type SubscriptionOrderColumn = (typeof SUBSCRIPTION_ORDER_COLUMNS)[number];

/** The subscription list's order until a header is clicked: created, newest first. */
export const DEFAULT_SUBSCRIPTION_SORT: SortOrder<SubscriptionOrderColumn> = { orderBy: 'created', descending: true };

