import { accountRoutes } from '../features/account/routes';
import { adminAuditRoutes } from '../features/admin-audit/routes';
import { adminCodeRoutes } from '../features/admin-codes/routes';
import { adminDashboardRoutes } from '../features/admin-dashboard/routes';
import { adminDeviceRoutes } from '../features/admin-devices/routes';
import { adminLicenseRoutes } from '../features/admin-licenses/routes';
import { adminNewsRoutes } from '../features/admin-news/routes';
import { adminOrganisationRoutes } from '../features/admin-organisations/routes';
import { adminProductRoutes } from '../features/admin-products/routes';
import { adminSubscriptionRoutes } from '../features/admin-subscriptions/routes';
import type { UserDetailSectionsLoader } from '../features/admin-users';
import { adminUserRoutes } from '../features/admin-users/routes';
import { authRoutes } from '../features/auth/routes';
import { authenticatorRoutes } from '../features/authenticator/routes';
import { caseRoutes } from '../features/cases/routes';
import { downloadRoutes } from '../features/downloads/routes';
import { ivCurveRoutes } from '../features/iv-curves/routes';
import { legacyRoutes } from '../features/legacy/routes';
import { licenseRoutes } from '../features/licenses/routes';
import type { OrganisationAdminSectionsLoader } from '../features/organisations';
import { organisationRoutes } from '../features/organisations/routes';
import { placeholderRoutes } from '../features/placeholders/routes';
import { productRoutes } from '../features/products/routes';
import { seatHistoryRoutes } from '../features/seat-history/routes';
import { profileRoutes } from '../features/profile/routes';
import { ssoRoutes } from '../features/sso/routes';
import { paths } from '../lib/routing/paths';
import type { RouteDeclaration } from '../lib/routing/route-declaration';

/** Every route of the SPA, as the features declare them; the router and the side menu are built from these. */
export const routes: readonly RouteDeclaration[] = [
  ...authRoutes,
  ...profileRoutes,
  ...accountRoutes,
  ...authenticatorRoutes,
  ...ssoRoutes,
  ...licenseRoutes,
  ...seatHistoryRoutes,
  ...legacyRoutes,
  ...adminLicenseRoutes,
  ...adminCodeRoutes,
  ...adminSubscriptionRoutes,
  ...downloadRoutes,
  ...productRoutes,
  ...adminProductRoutes,
  ...adminDeviceRoutes,
  ...adminUserRoutes,
  ...ivCurveRoutes,
  ...caseRoutes,
  ...organisationRoutes,
  ...adminOrganisationRoutes,
  ...adminAuditRoutes,
  ...adminNewsRoutes,
  ...adminDashboardRoutes,
  ...placeholderRoutes,
];

/** Where a signed-in visit of an unknown path, or a refused one, goes. */
export const SIGNED_IN_FALLBACK = paths.download;

/** The routes a signed-out visitor may open; any other path goes to sign-in. */
export const signedOutRoutes = routes.filter((route) => route.access === 'signed-out' || route.access === 'public');

let userDetailSections: ReturnType<UserDetailSectionsLoader> | undefined;

/**
 * The sections other features add to a user's detail (app/user-detail-sections.ts), loaded once with the
 * detail page as its route loads it. Declared beside the routes: they are contributed the same way.
 */
export const loadUserDetailSections: UserDetailSectionsLoader = () =>
  (userDetailSections ??= import('./user-detail-sections').then((module) => module.userDetailSections));

let organisationAdminSections: ReturnType<OrganisationAdminSectionsLoader> | undefined;

/**
 * The sections the admin features add to an organisation's screen (app/organisation-admin-sections.ts),
 * loaded once, when a portal admin first opens an organisation: a customer's visit never loads them.
 */
export const loadOrganisationAdminSections: OrganisationAdminSectionsLoader = () =>
  (organisationAdminSections ??= import('./organisation-admin-sections').then((module) => module.organisationAdminSections));
