/** A side menu entry. */
export interface NavItem {
  to: string;
  label: string;
}

/**
 * The side menu's user section (spec §2), in order. "Buy legacy licenses" is there only for a user whose
 * profile has the legacy flag set.
 */
export function userNavLinks({ legacy }: { legacy: boolean }): NavItem[] {
  return [
    { to: '/profile', label: 'Profile' },
    { to: '/licenses', label: 'Licenses' },
    ...(legacy ? [{ to: '/legacy', label: 'Buy legacy licenses' }] : []),
    { to: '/myproducts', label: 'My products' },
    { to: '/download', label: 'Download' },
    { to: '/cases', label: 'Cases' },
    { to: '/signout', label: 'Sign Out' },
  ];
}

/** The Admin section (admins only), in the spec's order. */
export const adminNavLinks: readonly NavItem[] = [
  { to: '/alllicenses', label: 'All licenses' },
  { to: '/allproducts', label: 'Registered products' },
  { to: '/users', label: 'Users' },
  { to: '/devices', label: 'Produced hardware' },
  { to: '/dongles', label: 'Dongles' },
  { to: '/subscriptions', label: 'Subscriptions' },
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/usage', label: 'Usage' },
  { to: '/latest', label: 'Latest' },
  { to: '/news', label: 'News' },
  { to: '/ivcurves', label: 'IV Curves' },
];

/** Whether the menu entry `to` is the page at `pathname` (or one of its sub-pages, e.g. /cases/12). */
export const isActive = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);
