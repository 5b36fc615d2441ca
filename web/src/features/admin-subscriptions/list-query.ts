import type { SUBSCRIPTION_ORDER_COLUMNS } from '../../../../shared/contract/lic.admin';

export type SubscriptionOrderColumn = (typeof SUBSCRIPTION_ORDER_COLUMNS)[number];
