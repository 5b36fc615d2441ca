import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * All organisations (admin): every organisation, searched, sorted, paged, exported as CSV; a row opens the
 * organisation's own screen (organisations feature), which a portal admin reads without being a member.
 * Named "All organisations" beside the customers' "Organisations" entry, as All licenses is beside Licenses.
 */
export const adminOrganisationRoutes = declareRoutes([
  {
    path: paths.allOrganisations,
    title: 'All organisations',
    access: 'admin',
    menu: { section: 'admin', label: 'All organisations', order: 35 },
    page: lazy(() => import('./components/all-organisations-page')),
  },
]);
