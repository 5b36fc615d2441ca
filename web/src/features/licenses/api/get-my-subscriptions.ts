import { queryOptions, useQuery } from '@tanstack/react-query';
import { licContract } from '../../../../../shared/contract/lic';
import { call } from '../../../api/client';

export const mySubscriptionsQueryKey = ['lic/5', 'get_my_subscriptions'] as const;

/**
 * The subscriptions the caller pays for, with price and account page: `lic/5/get_my_subscriptions`. Each
 * read asks the provider and is counted: kept for a few minutes rather than read again on every visit.
 */
export const mySubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: mySubscriptionsQueryKey, queryFn: () => call(licContract, 'get_my_subscriptions', {}), staleTime: 5 * 60_000 });

export const useMySubscriptions = () => useQuery(mySubscriptionsQueryOptions());
