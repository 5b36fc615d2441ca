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
