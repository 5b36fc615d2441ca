import { Button } from '@mantine/core';
import type { CatalogueItem } from '../../../../../shared/commerce/catalogue';
import { useAppState } from '../../../lib/app-state';
import { quantityLabel, checkout, useCheckoutProvider } from '../../checkout';

/** The quantity field of `item` in Buy licenses below (it carries the item's name and term as its label). */
const quantityField = (item: CatalogueItem) =>
  [...document.querySelectorAll<HTMLInputElement>('input[aria-label]')].find((input) => input.getAttribute('aria-label') === quantityLabel(item));

/**
 * "Buy again" on a license about to end: puts one of `item` (the same type and term) in the cart, unless
 * it is there already, and takes the buyer to its line in Buy licenses, where the cart and Checkout are.
 * Shown only once the checkout provider is ready, as buying is.
 */
export function BuyAgainButton({ item }: { item: CatalogueItem }) {
  const provider = useCheckoutProvider();
  const inCart = useAppState((state) => state.products.find((product) => product.path === item.path)?.quantity ?? 0);
  if (!provider.ready) return null;
  const buyAgain = () => {
    if (inCart === 0) checkout.update(item.path, 1);
    const field = quantityField(item);
    field?.scrollIntoView?.({ block: 'center' });
    field?.focus();
  };
  return (
    <Button variant="light" onClick={buyAgain}>
      Buy again
    </Button>
  );
}
