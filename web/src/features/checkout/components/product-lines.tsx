import { Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CatalogueItem } from '../../../../../shared/commerce/catalogue';
import { useAppState } from '../../../lib/app-state';
import { intervalText, quantityLabel } from '../catalogue-lines';
import { QuantityInput } from './quantity-input';
import classes from './product-lines.module.css';

export interface ProductLine {
  item: CatalogueItem;
  /** At most this many may be bought (default: the purchase limit). */
  max?: number;
  /** More about the line, below its name (e.g. the licenses an upgrade applies to). */
  note?: ReactNode;
}

/** The unit price the provider quoted for a product ("€49.00"), once its session reported it. */
function UnitPrice({ path }: { path: string }) {
  const price = useAppState((state) => state.products.find((product) => product.path === path)?.price ?? '');
  if (!price) return null;
  return <> · {price} each</>;
}

/** Products to buy, one line each: name, term, the provider's unit price and a quantity field. */
export function ProductLines({ lines, label }: { lines: readonly ProductLine[]; label: string }) {
  return (
    <Stack component="ul" gap={0} className={classes.list} aria-label={label}>
      {lines.map(({ item, max, note }) => (
        <Box component="li" key={item.path} className={classes.line}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
            <div className={classes.name}>
              <Text fw={600}>{item.licenseType}</Text>
              <Text size="sm" c="dimmed">
                {intervalText(item)}
                <UnitPrice path={item.path} />
              </Text>
              {note}
            </div>
            <QuantityInput path={item.path} label={quantityLabel(item)} max={max} />
          </Group>
        </Box>
      ))}
    </Stack>
  );
}
