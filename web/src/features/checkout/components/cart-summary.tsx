import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { ORDER_USER_TAG, catalogueItem } from '../../../../../shared/commerce/catalogue';
import { userContract } from '../../../../../shared/contract/user';
import { useCmdQuery } from '../../../api/cmd-query';
import { useAppState, type CartItem } from '../../../lib/app-state';
import { intervalText } from '../catalogue-lines';
import { checkoutMessages } from '../messages';
import { checkout } from '../provider';

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'sm'} data-amount={label}>
        {value}
      </Text>
    </Group>
  );
}

/** A cart line's name with its term: "Pro, perpetual". */
function lineName(product: CartItem): string {
  const item = catalogueItem(product.path);
  return item ? `${item.licenseType}, ${intervalText(item).toLowerCase()}` : (product.name ?? product.path);
}

/**
 * The cart as the provider reports it (the shared state): its lines (one cart for every buying screen,
 * as the provider keeps one session), how many items, the tax and the total; and
 * Checkout, which opens the provider's popup for the signed-in buyer. The buyer is recognized first
 * (email, names, company from the profile) and the order tagged with their user id, which is how the
 * order's webhook finds whose licenses to create.
 */
export function CartSummary() {
  const headingId = useId();
  const products = useAppState((state) => state.products);
  const total = useAppState((state) => state.orderTotal);
  const tax = useAppState((state) => state.orderTax);
  const profile = useCmdQuery(userContract, 'get_user_profile', {});
  const count = products.reduce((sum, product) => sum + product.quantity, 0);
  const empty = count === 0;

  const open = () => {
    const buyer = profile.data;
    if (!buyer) return;
    checkout.recognize({
      email: buyer.email,
      firstName: buyer.first_name,
      lastName: buyer.last_name,
      ...(buyer.company ? { company: buyer.company } : {}),
    });
    checkout.tag({ [ORDER_USER_TAG]: buyer.id });
    checkout.checkout();
  };

  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={2}>
          <Text fw={700} id={headingId}>
            Cart
          </Text>
          {empty ? (
            <Text size="sm" c="dimmed">
              {checkoutMessages.emptyCart}
            </Text>
          ) : (
            <>
              <Text size="sm">{count === 1 ? '1 item' : `${count} items`}</Text>
              <Stack component="ul" gap={0} m={0} pl="md" aria-label="In the cart">
                {products
                  .filter((product) => product.quantity > 0)
                  .map((product) => (
                    <Text component="li" size="sm" key={product.path}>
                      {product.quantity} × {lineName(product)}: {product.priceTotal}
                    </Text>
                  ))}
              </Stack>
              <Group gap="lg" wrap="wrap" align="baseline">
                <Amount label="Tax" value={tax} />
                <Amount label="Total" value={total} strong />
              </Group>
            </>
          )}
        </Stack>
        <Button onClick={open} disabled={empty || !profile.data}>
          Checkout
        </Button>
      </Group>
    </Paper>
  );
}
