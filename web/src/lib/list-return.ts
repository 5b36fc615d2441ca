import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { getAppState, updateAppState } from './app-state';
import { paths } from './routing/paths';

/**
 * The address each list was last shown at (its search, filters, order and page: `?search=kim&page=3`), so
 * a detail's "Back to …" link returns to the same list, not to its first page unfiltered. The users list's
 * is the shared state's users filter; the other lists' are kept here, for the tab's life.
 */
const lastAddresses = new Map<string, string>();

const remembered = (listPath: string): string =>
  listPath === paths.users ? getAppState().users.filter : (lastAddresses.get(listPath) ?? '');

/** Keeps the address of the list on screen (useListAddress calls it for every list whose state is in the address). */
export function useRememberListAddress(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (pathname === paths.users) updateAppState({ users: { filter: search } });
    else lastAddresses.set(pathname, search);
  }, [pathname, search]);
}

/** Where a link back to the list at `listPath` goes: the list as it was last shown. */
export const listReturnPath = (listPath: string): string => listPath + remembered(listPath);
