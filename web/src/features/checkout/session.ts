import { catalogueItem, type CatalogueItem } from '../../../../shared/commerce/catalogue';
import type { AppState, CartItem } from '../../lib/app-state';

/**
 * The checkout provider's session as its data callback hands it over (FastSpring's Store Builder Library
 * and the local sandbox alike): every product of the storefront, `selected` when it is in the cart, and
 * the order's totals as display strings and numbers. Only the fields the portal reads are typed.
 */
export interface ProviderSessionItem {
  path: string;
  display?: string;
  selected?: boolean;
  quantity?: number;
  price?: string;
  priceValue?: number;
  priceTotal?: string;
  priceTotalValue?: number;
  subscription?: boolean;
}

export interface ProviderSession {
  currency?: string;
  groups?: { items?: ProviderSessionItem[] }[];
  total?: string;
  totalValue?: number;
  tax?: string;
  taxValue?: number;
}

/** A cart line as the shared state keeps it: a license type of the catalogue, or a service by its name. */
function cartItem(item: ProviderSessionItem, known: CatalogueItem | undefined): CartItem {
  const selected = item.selected === true;
  const line = {
    path: item.path,
    price: item.price ?? '',
    priceTotal: item.priceTotal ?? '',
    // The provider may report an unselected product with a quantity; outside the cart it is none.
    quantity: selected ? Math.max(0, Math.floor(item.quantity ?? 0)) : 0,
    selected,
  };
  if (known && known.grants.kind !== 'service') {
    return { ...line, licenseType: known.licenseType, interval: known.interval, subscription: known.subscription };
  }
  return { ...line, name: known?.licenseType ?? item.display ?? item.path };
}

/**
 * What a data callback changes in the shared state: the product list (every product the
 * provider reported, once, in its order) and the order's total, tax and total value.
 */
export function sessionState(session: ProviderSession | null | undefined): Pick<AppState, 'products' | 'orderTotal' | 'orderTax' | 'orderTotalValue'> {
  const seen = new Set<string>();
  const products: CartItem[] = [];
  for (const group of session?.groups ?? []) {
    for (const item of group.items ?? []) {
      if (typeof item?.path !== 'string' || seen.has(item.path)) continue;
      seen.add(item.path);
      products.push(cartItem(item, catalogueItem(item.path)));
    }
  }
  return {
    products,
    orderTotal: session?.total ?? '',
    orderTax: session?.tax ?? '',
    orderTotalValue: typeof session?.totalValue === 'number' && Number.isFinite(session.totalValue) ? session.totalValue : 0,
  };
}

/** What `data-popup-closed` reports: the order after a purchase, null when the cart was abandoned. */
export function completedOrder(result: unknown): { id: string; reference: string } | null {
  if (typeof result !== 'object' || result === null || !('id' in result)) return null;
  const { id, reference } = result as { id: unknown; reference?: unknown };
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '') return null;
  return { id: String(id), reference: typeof reference === 'string' || typeof reference === 'number' ? String(reference) : String(id) };
}
