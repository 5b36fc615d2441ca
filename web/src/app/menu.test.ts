import { describe, expect, it, vi } from 'vitest';
import { paths } from '../lib/routing/paths';
import { mayOpen } from '../lib/routing/route-declaration';
import { isActive, menuCurrent, menuSections } from './menu';
import { SIGNED_IN_FALLBACK, routes, signedOutRoutes } from './routes';

// The sign-in page is imported eagerly by its declaration; its session module needs a browser.
vi.mock('../features/auth/components/sign-in-page', () => ({ SignInPage: () => null }));

const USER_ENTRIES = ['Profile', 'Licenses', 'Organisations', 'My products', 'Download', 'Cases', 'Sign Out'];
const ADMIN_ENTRIES = [
  'All licenses',
  'Registered products',
  'Users',
  'All organisations',
  'Produced hardware',
  'Dongles',
  'Subscriptions',
  'Dashboard',
  'Usage',
  'Latest',
  'News',
  'IV Curves',
  'Audit trail',
];

const labels = (items: { label: string }[]) => items.map((item) => item.label);
const route = (path: string) => routes.find((r) => r.path === path);

describe('side menu, built from the route declarations', () => {
  it('lists the user section in order, with Buy legacy licenses only for a legacy user', () => {
    expect(labels(menuSections(routes, { isAdmin: false, legacy: false }).user)).toEqual(USER_ENTRIES);
    expect(labels(menuSections(routes, { isAdmin: false, legacy: true }).user)).toEqual([
      'Profile',
      'Licenses',
      'Buy legacy licenses',
      'Organisations',
      'My products',
      'Download',
      'Cases',
      'Sign Out',
    ]);
  });

  it('shows the Admin section, in its order, to admins only', () => {
    expect(menuSections(routes, { isAdmin: false, legacy: true }).admin).toEqual([]);
    const admin = menuSections(routes, { isAdmin: true, legacy: false });
    expect(labels(admin.user)).toEqual(USER_ENTRIES);
    expect(labels(admin.admin)).toEqual(ADMIN_ENTRIES);
  });

  it('links each Admin entry to an admin route, except IV Curves, which every signed-in user may open', () => {
    for (const item of menuSections(routes, { isAdmin: true, legacy: false }).admin) {
      expect(route(item.to)?.access, item.label).toBe(item.to === paths.ivCurves ? 'signed-in' : 'admin');
    }
  });

  it('marks All licenses as the section of the license code pages, which the menu does not list', () => {
    expect(menuCurrent(routes, paths.createCodes, paths.allLicenses)).toBe('section');
    expect(menuCurrent(routes, paths.listCodes, paths.allLicenses)).toBe('section');
    expect(menuCurrent(routes, paths.allLicenses, paths.allLicenses)).toBe('page');
    expect(menuCurrent(routes, paths.listCodes, paths.users)).toBeNull();
  });

  it('marks an entry active on its page and its sub-pages only', () => {
    expect(isActive('/cases/12', paths.cases)).toBe(true);
    expect(isActive('/cases', paths.cases)).toBe(true);
    expect(isActive('/casesx', paths.cases)).toBe(false);
  });
});

describe('route declarations', () => {
  it('declare every path exactly once', () => {
    const declared = routes.map((r) => r.path);
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual(Object.values(paths).sort());
  });

  it('serve the signed-out screens and the single sign-on sign-out to a signed-out visitor', () => {
    expect(signedOutRoutes.map((r) => r.path).sort()).toEqual(
      [paths.signIn, paths.register, paths.verify, paths.forgotPassword, paths.recoverPassword, paths.ssoSignOut].sort(),
    );
  });

  it('keep the screen titles', () => {
    expect(route(paths.signIn)?.title).toBe('Sign in');
    expect(route(paths.register)?.title).toBe('Create account');
    expect(route(paths.legacy)?.title).toBe('Buy legacy licenses');
    expect(route(paths.allLicensesUser)?.title).toBe('User details');
    expect(route(paths.createCodes)?.title).toBe('License code generator');
    expect(route(paths.case)?.title).toBe('Case');
  });

  it('refuse admin routes to non-admins and the legacy page to users without the flag', () => {
    const user = { isAdmin: false, legacy: false };
    expect(routes.filter((r) => r.access === 'admin' && mayOpen(r.access, user))).toEqual([]);
    expect(mayOpen('legacy', user)).toBe(false);
    expect(mayOpen('legacy', { ...user, legacy: true })).toBe(true);
    expect(mayOpen('admin', { isAdmin: true, legacy: false })).toBe(true);
    expect(mayOpen('signed-out', { isAdmin: true, legacy: true })).toBe(false);
  });

  it('fall back, signed in, to a page every signed-in user may open', () => {
    expect(route(SIGNED_IN_FALLBACK)?.access).toBe('signed-in');
  });

  it('load every page lazily except the sign-in form, which is in the first chunk', () => {
    const lazy = Symbol.for('react.lazy');
    const eager = routes.filter((r) => r.page && (r.page as unknown as { $$typeof?: symbol }).$$typeof !== lazy);
    expect(eager.map((r) => r.path)).toEqual([paths.signIn]);
  });
});
