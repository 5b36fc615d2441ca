import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateCmds } from '../../api/cmd-query';
import { showActionResult } from '../../lib/action-result';
import { updateAppState, useAppState } from '../../lib/app-state';
import { checkoutMessages } from './messages';
import { checkoutAvailable, loadCheckout } from './provider';

/**
 * The checkout provider on a buying screen: `available` when /config.json names one, `ready` once its
 * script loaded (the screen offers buying from then on). A failed load shows its message in red at the
 * top of the page, as every failed load does.
 */
export function useCheckoutProvider() {
  const available = checkoutAvailable();
  const provider = useQuery({
    queryKey: ['checkout', 'provider'],
    queryFn: () => loadCheckout().then(() => true),
    enabled: available,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return { available, ready: provider.data === true, pending: available && provider.isPending };
}

/**
 * The provider's webhook may reach the portal a little after its popup closed (the local sandbox waits
 * for it, the real provider does not): the license list is read again after these delays too.
 */
const LATE_REFRESH_MS = [4_000, 12_000];

/**
 * Checkout completion: once the provider reports a completed purchase, the order-completed
 * marker is cleared, a confirmation shows as a notification (the buyer may be anywhere on the page) and
 * the license list and the buyer's subscriptions are read again, so the new licenses appear.
 */
export function useOrderCompletion() {
  const completed = useAppState((state) => state.orderCompleted);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!completed) return;
    updateAppState({ orderCompleted: null });
    showActionResult(checkoutMessages.completed(completed.reference));
    const refresh = () => {
      void invalidateCmds(queryClient, ['get_licenses', 'get_my_subscriptions']);
    };
    refresh();
    LATE_REFRESH_MS.forEach((delay) => setTimeout(refresh, delay));
    // Only a newly set marker acts.
  }, [completed, queryClient]);
}
