import { useSyncExternalStore } from 'react';

/** A line of the checkout provider's cart: a license type or a service, with its price. */
export interface CartItem {
  path: string;
  licenseType?: string;
  interval?: string;
  subscription?: boolean;
  name?: string;
  price: string;
  priceTotal: string;
  quantity: number;
  selected: boolean;
}

/**
 * Shared application state. The theme lives in Mantine's colour-scheme manager (see theme.ts:
 * light by default, following the system colour scheme); this store holds the rest, starting empty
 * (no error, no products, empty order totals, orderTotalValue 0, no completed order). The checkout and
 * admin-users screens (later issues) fill in their parts.
 */
export interface AppState {
  /** Starts empty; a server-supplied message goes here and shows in red at the top of the page. */
  error: string;
  /** The cart's products, from the checkout provider's data callback. */
  products: CartItem[];
  orderTotal: string;
  orderTax: string;
  orderTotalValue: number;
  /** Set when a checkout completed (the provider's order reference); null when unset. */
  orderCompleted: { id: string; reference: string } | null;
  /** The admin users list's text filter. */
  users: { filter: string };
}

export const initialAppState: AppState = {
  error: '',
  products: [],
  orderTotal: '',
  orderTax: '',
  orderTotalValue: 0,
  orderCompleted: null,
  users: { filter: '' },
};

let state: AppState = initialAppState;
const listeners = new Set<() => void>();

/** Replaces the given parts of the shared state. */
export function updateAppState(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getAppState = (): AppState => state;

/** Shows `message` in red at the top of the page; an empty string hides it. */
export const setError = (message: string): void => {
  if (state.error !== message) updateAppState({ error: message });
};

export const clearError = (): void => setError('');

export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

export const useError = (): string => useAppState((s) => s.error);
