import { cleanup, screen, within } from '@testing-library/react';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { licContract, type LicenseRow } from '../../../shared/contract/lic';
import { licAdminContract } from '../../../shared/contract/lic.admin';
import { productContract } from '../../../shared/contract/product';
import { userAdminContract } from '../../../shared/contract/user.admin';
import { organisationsContract } from '../../../shared/organisations/organisations.contract';
import { routes } from '../../src/app/routes';
import { paths, type AppPath } from '../../src/lib/routing/paths';
import type { RouteAccess } from '../../src/lib/routing/route-declaration';
import { api } from '../support/fake-api';
import { ADMIN, CUSTOMER, adminLicenseRow, answerLicenseCatalogue, answerProfile } from '../support/fixtures';
import { renderScreen, type Viewer } from '../support/render';

/**
 * Every declared route can be reached by a click: each route a role may open has a link on that role's
 * side menu or on the page that links it (the side menu is the product's fixed list; docs/features.md: pages it
 * does not name are linked from pages that do). The routes come from the declarations, so a new route
 * without a link fails here with its path. What the links lead to is navigation.test.tsx.
 */

/** A customer's own license as get_licenses answers it. */
const customerLicenseRow = (id: number): LicenseRow => ({
  id,
  user_id: CUSTOMER.id,
  created: '2026-01-05',
  license_type_id: 'Automation',
  license_usage_id: 4,
  license_usage: 'Standard',
  enabled: true,
  valid_from: '2026-01-01',
  valid_to: '2099-01-01',
  tag: null,
  reserved_to: null,
  fingerprint: null,
  hostname: null,
  expired: false,
  days: null,
  hid: null,
  subscription_id: null,
  subscription_state: null,
  shared_count: 0,
  addons: [],
  shared_users: [],
  shared_by: null,
});

/** Where the pages of each role are looked at: the page rendered, and what it reads from the API. */
const PAGES = {
  signIn: { path: paths.signIn, as: 'signed-out', title: 'Sign in', answer: () => undefined },
  forgotPassword: { path: paths.forgotPassword, as: 'signed-out', title: 'Forgot password', answer: () => undefined },
  profile: { path: paths.profile, as: 'customer', title: 'Profile', answer: () => undefined },
  myProducts: {
    path: paths.myProducts,
    as: 'customer',
    title: 'My products',
    answer: () => api.answer(productContract, 'get_products', { products: [] }),
  },
  organisations: {
    path: paths.organisations,
    as: 'customer',
    title: 'Organisations',
    answer: () =>
      api.answer(organisationsContract, 'get_my_organisations', {
        organisations: [{ organisation_id: 7, name: 'Kim Lab', role: 'member', members: 3, owner: 'Kim Lee', joined: '2026-11-01T10:00:00Z' }],
        invitations: [],
      }),
  },
  licenses: {
    path: paths.licenses,
    as: 'customer',
    title: 'Licenses',
    answer: () => {
      api.answer(licContract, 'get_licenses', { licenses: [customerLicenseRow(9)] });
      api.answer(licContract, 'get_my_subscriptions', { subscriptions: [] });
      api.answer(organisationsContract, 'get_my_organisations', { organisations: [], invitations: [] });
    },
  },
  allLicenses: {
    path: paths.allLicenses,
    as: 'admin',
    title: 'All licenses',
    answer: () => {
      answerLicenseCatalogue();
      api.answer(licAdminContract, 'get_all_licenses', { rows: [adminLicenseRow({ id: 5 })], count: 1 });
    },
  },
  users: {
    path: paths.users,
    as: 'admin',
    title: 'Users',
    answer: () =>
      api.answer(userAdminContract, 'get_users', {
        users: [
          { id: 41, created: '2026-01-05', last_active: null, email: 'kim@example.com', first_name: 'Kim', last_name: 'Lee', company: '', arc: 0, ace: 0, pro: 0, automation: 1, battery: 0 },
        ],
        count: 1,
      }),
  },
} as const satisfies Record<string, { path: AppPath; as: Viewer; title: string; answer: () => void }>;
type PageName = keyof typeof PAGES;

/** The page that links each route the side menu does not name (a route both list is found on either). */
const LINKED_FROM: Partial<Record<AppPath, PageName>> = {
  [paths.register]: 'signIn',
  [paths.verify]: 'signIn',
  [paths.forgotPassword]: 'signIn',
  [paths.recoverPassword]: 'forgotPassword',
  [paths.changePassword]: 'profile',
  [paths.deleteAccount]: 'profile',
  [paths.authenticator]: 'profile',
  [paths.ivCurves]: 'myProducts',
  [paths.firmware]: 'myProducts',
  [paths.createCodes]: 'allLicenses',
  [paths.listCodes]: 'allLicenses',
  // A license's owner, by the link in the row (the user detail under All licenses).
  [paths.allLicensesUser]: 'allLicenses',
  [paths.user]: 'users',
  // Offline activation, from the Licenses header.
  [paths.offlineActivation]: 'licenses',
  // An organisation, from its row in the caller's organisations (and in All organisations, for admins).
  [paths.organisation]: 'organisations',
  // A license's seat history, from its card (and from an organisation's seats).
  [paths.seatHistory]: 'licenses',
};

/** Routes reached without a link of the portal's, and how. */
const NOT_LINKED: Partial<Record<AppPath, string>> = {
  [paths.signIn]: 'where every signed-out visit lands',
  [paths.ssoSignIn]: 'the forum sends its users here to sign in',
  [paths.ssoSignOut]: 'the forum sends its users here to sign out',
  [paths.case]: 'a case opens over the Cases list from its row’s id button (cases.test.tsx), its address /cases/{id}',
};

/** The role whose menu and pages a route of `access` is looked for on. */
const ROLE: Record<RouteAccess, Viewer> = { 'signed-out': 'signed-out', public: 'signed-out', 'signed-in': 'customer', legacy: 'customer', admin: 'admin' };

/** The paths of the links in `scope`. */
const hrefs = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('link')
    .map((link) => new URL(link.getAttribute('href') ?? '', window.location.origin).pathname);

describe('every declared route', () => {
  it('has a link on the side menu or on the page that links it, for each role that may open it', async () => {
    // A customer allowed legacy purchases: their menu also lists Buy legacy licenses.
    const customer = { ...CUSTOMER, legacy: true };
    const menuLinks: Partial<Record<Viewer, string[]>> = {};
    const pageLinks: Partial<Record<PageName, string[]>> = {};
    // Signed out first: a file's later renders only switch between signed-in viewers.
    for (const name of ['signIn', 'forgotPassword', 'profile', 'myProducts', 'organisations', 'licenses', 'allLicenses', 'users'] as const) {
      const page = PAGES[name];
      if (page.as !== 'signed-out') answerProfile(page.as === 'admin' ? ADMIN : customer);
      page.answer();
      await renderScreen(page.path, { as: page.as, title: page.title });
      if (page.as !== 'signed-out') {
        const menu = screen.getByRole('navigation', { name: 'Main menu' });
        if (page.as === 'admin') await within(menu).findByRole('heading', { name: 'Admin' });
        else await within(menu).findByRole('link', { name: 'Buy legacy licenses' });
        menuLinks[page.as] = hrefs(menu);
      }
      // A list's rows (and the links in them) come after the title.
      if (name === 'allLicenses' || name === 'users') await screen.findByRole('cell', { name: /kim@example.com/ });
      if (name === 'organisations') await screen.findByRole('link', { name: 'Kim Lab' });
      if (name === 'licenses') await screen.findByRole('link', { name: 'Seat history' });
      pageLinks[name] = hrefs(screen.getByRole('main'));
      cleanup();
    }

    const unreached = routes.flatMap((route) => {
      if (NOT_LINKED[route.path]) return [];
      const linked = (links: readonly string[] = []) => links.some((href) => matchPath(route.path, href) !== null);
      const role = ROLE[route.access];
      const from = LINKED_FROM[route.path];
      if (linked(menuLinks[role]) || (from && linked(pageLinks[from]))) return [];
      return [`${route.path} (${route.access}): no link on the ${role} menu${from ? ` or on ${PAGES[from].path}` : ''}`];
    });
    expect(unreached).toEqual([]);
  });
});
