import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';

export type SubscriptionsParams = CmdInput<typeof licAdminContract, 'get_subscriptions'>;

/** Every page, order and search of the subscription list: what canceling or converting invalidates. */
export const subscriptionsQueryKey = ['lic/5', 'get_subscriptions'] as const;

/** One page of the subscriptions, searched and sorted: `lic/5/get_subscriptions`. */
export const subscriptionsQueryOptions = (params: SubscriptionsParams) =>
  queryOptions({
    queryKey: [...subscriptionsQueryKey, params],
    queryFn: () => call(licAdminContract, 'get_subscriptions', params),
    // The page shown stays while the next page, order or search loads.
    placeholderData: keepPreviousData,
  });

export const useSubscriptions = (params: SubscriptionsParams) => useQuery(subscriptionsQueryOptions(params));
