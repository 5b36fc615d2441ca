import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../components/page-loader';
import { useCheckoutProvider } from '../use-checkout';

/**
 * Where a screen offers buying: its products and the cart once the provider's script loaded; `unavailable`
 * when /config.json names no provider. A script that fails to load shows its message in red at the top.
 */
export function BuyingSection({ unavailable, children }: { unavailable: string; children: ReactNode }) {
  const provider = useCheckoutProvider();
  if (!provider.available) return <Text c="dimmed">{unavailable}</Text>;
  if (provider.pending) return <PageLoader />;
  if (!provider.ready) return null;
  return children;
}
