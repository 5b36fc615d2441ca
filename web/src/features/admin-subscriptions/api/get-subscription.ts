import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdResult } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

export type SubscriptionDetail = CmdResult<typeof licAdminContract, 'get_subscription'>;

/** Every subscription's detail: what canceling or converting invalidates. */
export const subscriptionQueryKey = ['lic/5', 'get_subscription'] as const;

/** A subscription with its interval, next charge and the provider's account page: `lic/5/get_subscription`. */
export const subscriptionQueryOptions = (subscriptionId: number) =>
  queryOptions({
    queryKey: [...subscriptionQueryKey, subscriptionId],
    queryFn: () => call(licAdminContract, 'get_subscription', { subscription_id: subscriptionId }),
  });

export const useSubscription = (subscriptionId: number) => useQuery(subscriptionQueryOptions(subscriptionId));
