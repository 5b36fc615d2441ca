import type { CatalogueItem } from '../../../../shared/commerce/catalogue';

/** How a catalogue item's term reads on the buying screens. */
export function intervalText(item: CatalogueItem): string {
  if (item.subscription) return item.interval === 'month' ? 'Monthly subscription' : 'Yearly subscription';
  if (item.interval === 'year') return '1 year';
  if (item.interval === 'month') return '1 month';
  return item.grants.kind === 'service' ? 'One-time purchase' : 'Perpetual';
}

/** The accessible name of an item's quantity field: its name and term, e.g. "Quantity of Pro, perpetual". */
export const quantityLabel = (item: CatalogueItem): string => `Quantity of ${item.licenseType}, ${intervalText(item).toLowerCase()}`;
