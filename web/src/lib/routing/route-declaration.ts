import type { ComponentType } from 'react';
import type { AppPath } from './paths';

/**
 * Who may open a route:
 * - `signed-out`: only signed out (a signed-in visit goes to the signed-in fallback, or `whenSignedIn`);
 * - `public`: signed in or out alike;
 * - `signed-in`: every signed-in user (a signed-out visit goes to sign-in, with a way back);
 * - `admin`: admins only (members of the Admin group); anyone else goes to the signed-in fallback;
 * - `legacy`: users whose profile has the legacy flag set; anyone else goes to the signed-in fallback.
 */
export type RouteAccess = 'signed-out' | 'public' | 'signed-in' | 'admin' | 'legacy';

/** An entry of the side menu: its section, its text and its place in the section (ascending). */
export interface MenuEntry {
  section: 'user' | 'admin';
  label: string;
  order: number;
}

/**
 * One route, declared by the feature it belongs to (`features/<feature>/routes.ts`); the app builds the
 * router and the side menu from these declarations.
 */
export interface RouteDeclaration {
  path: AppPath;
  /** The page heading and browser tab title (PageTitle shows it); none for a page that only passes through. */
  title?: string;
  access: RouteAccess;
  /** Present for a route the side menu lists (an admin-section entry shows to admins only). */
  menu?: MenuEntry;
  /**
   * For a page the side menu does not list: the entry it belongs under, which is marked as the current
   * section while the page is open (the license code screens under All licenses).
   */
  menuParent?: AppPath;
  /**
   * The page: `lazy(() => import(...))` so it loads when visited (only the sign-in form is in the first
   * chunk). None for a screen a later issue builds: until then the route shows its title and says it is
   * not available yet.
   */
  page?: ComponentType;
  /** What a signed-in visit of a `signed-out` route shows instead of going to the fallback. */
  whenSignedIn?: ComponentType;
}

/** Who is looking: what decides the routes a signed-in user may open and the menu entries they see. */
export interface Viewer {
  isAdmin: boolean;
  /** The profile's legacy flag (the legacy purchase page is only for these users). */
  legacy: boolean;
}

/** Whether a signed-in `viewer` may open a route of `access`. */
export function mayOpen(access: RouteAccess, viewer: Viewer): boolean {
  switch (access) {
    case 'signed-out':
      return false;
    case 'admin':
      return viewer.isAdmin;
    case 'legacy':
      return viewer.legacy;
    default:
      return true;
  }
}

/** A feature's route list, typed. */
export const declareRoutes = (routes: readonly RouteDeclaration[]): readonly RouteDeclaration[] => routes;
