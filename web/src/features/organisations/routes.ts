import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * Organisations: the ones the caller belongs to with the invitations to them (an invitation's mailed link
 * opens this list with it marked), and one organisation's members, invitations and the caller's actions
 * (a portal admin opens any organisation from All organisations, read-only).
 */
export const organisationRoutes = declareRoutes([
  {
    path: paths.organisations,
    title: 'Organisations',
    access: 'signed-in',
    menu: { section: 'user', label: 'Organisations', order: 35 },
    page: lazy(() => import('./components/organisations-page')),
  },
  { path: paths.organisation, title: 'Organisation', access: 'signed-in', page: lazy(() => import('./components/organisation-page')) },
]);
