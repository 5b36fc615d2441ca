import type { AppPath } from '../lib/routing/paths';
import { mayOpen, type RouteDeclaration, type Viewer } from '../lib/routing/route-declaration';

/** A side menu entry. */
export interface NavItem {
  to: AppPath;
  label: string;
}

export interface MenuSections {
  user: NavItem[];
  /** The section under the heading Admin: empty for anyone but an admin. */
  admin: NavItem[];
}

/**
 * The side menu from the route declarations: each section's entries in their declared order, only the
 * routes the viewer may open (so "Buy legacy licenses" only with the legacy flag), and the Admin section
 * for admins only.
 */
export function menuSections(routes: readonly RouteDeclaration[], viewer: Viewer): MenuSections {
  const section = (name: 'user' | 'admin'): NavItem[] =>
    routes
      .filter((route) => route.menu?.section === name && mayOpen(route.access, viewer))
      .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
      .map((route) => ({ to: route.path, label: route.menu?.label ?? '' }));
  return { user: section('user'), admin: viewer.isAdmin ? section('admin') : [] };
}

/** Whether the menu entry `to` is the page at `pathname` (or one of its sub-pages, e.g. /cases/12). */
export const isActive = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

/**
 * How the menu entry `to` stands to the page at `pathname`: 'page' when it is that page, 'section' when
 * the page is under it (a sub-page such as /cases/12, or a page declared with it as its `menuParent`),
 * else null.
 */
export function menuCurrent(routes: readonly RouteDeclaration[], pathname: string, to: string): 'page' | 'section' | null {
  if (pathname === to) return 'page';
  if (isActive(pathname, to)) return 'section';
  return routes.some((route) => route.path === pathname && route.menuParent === to) ? 'section' : null;
}
