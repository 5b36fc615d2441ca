import { useSyncExternalStore } from 'react';

/**
 * Shared application state (spec §1). The theme lives in Mantine's colour-scheme manager (see theme.ts);
 * this store holds the single error string shown in red at the top of the page. The product list, order
 * totals and the users filter join it when their screens arrive.
 */
export interface AppState {
  /** Starts empty; a server-supplied message goes here. */
  error: string;
}

let state: AppState = { error: '' };
const listeners = new Set<() => void>();

function update(patch: Partial<AppState>): void {
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
  if (state.error !== message) update({ error: message });
};

export const clearError = (): void => setError('');

export function useAppState<T>(select: (state: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state));
}

export const useError = (): string => useAppState((s) => s.error);
