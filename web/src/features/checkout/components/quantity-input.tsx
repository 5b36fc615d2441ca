import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { MAX_PURCHASE_QUANTITY } from '../../../../../shared/commerce/catalogue';
import { useAppState } from '../../../lib/app-state';
import { checkout } from '../provider';

interface QuantityInputProps {
  path: string;
  label: string;
  /** At most this many (never more than the purchase limit of 10). */
  max?: number;
  disabled?: boolean;
}

/**
 * A cart line's quantity, 0 to the limit: each change updates the provider's cart. The provider's session
 * is the truth (its data callback fills the shared state); what was typed shows until the provider
 * reports again, which may take a round trip with the real provider.
 */
export function QuantityInput({ path, label, max = MAX_PURCHASE_QUANTITY, disabled }: QuantityInputProps) {
  const limit = Math.max(0, Math.min(max, MAX_PURCHASE_QUANTITY));
  const products = useAppState((state) => state.products);
  const inCart = products.find((product) => product.path === path)?.quantity ?? 0;
  // What was typed shows until the provider's next report (a new product list), which then shows.
  const [draft, setDraft] = useState<{ at: typeof products; value: number | string } | null>(null);
  const value = draft?.at === products ? draft.value : inCart;

  const change = (next: number | string) => {
    setDraft({ at: products, value: next });
    if (typeof next === 'number' && Number.isInteger(next) && next >= 0 && next <= limit && next !== inCart) checkout.update(path, next);
  };

  return (
    <NumberInput
      aria-label={label}
      value={value}
      onChange={change}
      // A field left blank means none.
      onBlur={() => value === '' && change(0)}
      min={0}
      max={limit}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      disabled={disabled || limit === 0}
      w={92}
    />
  );
}
