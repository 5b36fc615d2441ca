import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** Users (admin): every user, searched, filtered by license type, sorted, paged, exported as CSV. */
export const adminUserRoutes = declareRoutes([
  {
    path: paths.users,
    title: 'Users',
    access: 'admin',
    menu: { section: 'admin', label: 'Users', order: 30 },
    page: lazy(() => import('./components/users-page')),
  },
]);
