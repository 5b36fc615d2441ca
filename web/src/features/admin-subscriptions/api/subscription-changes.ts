import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';
import { allLicensesQueryKey } from '../../admin-licenses/api/get-all-licenses';
import { subscriptionQueryKey } from './get-subscription';
import { subscriptionsQueryKey } from './get-subscriptions';

/**
 * Canceling or converting changes the subscription (its state or product: the list and its detail) and
 * its license (subscription state, or type and add-ons: the license lists).
 */
const reloadSubscriptions = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
    queryClient.invalidateQueries({ queryKey: allLicensesQueryKey }),
  ]);

/** Cancels a license's subscription at the end of its period: `lic/5/cancel_subscription`. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (licenseId: number) => call(licAdminContract, 'cancel_subscription', { license_id: licenseId }),
    onSuccess: () => reloadSubscriptions(queryClient),
  });
}

/** Converts a Pro subscription with one add-on into the toolbox's: `lic/5/convert_pro_subscription`. */
export function useConvertSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number) => call(licAdminContract, 'convert_pro_subscription', { subscription_id: subscriptionId }),
    onSuccess: () => reloadSubscriptions(queryClient),
  });
}
