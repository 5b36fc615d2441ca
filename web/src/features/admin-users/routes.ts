import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * Users (admin): every user, searched, filtered by license type, sorted, paged, exported as CSV; and a
 * user's detail (the same page at /users/{id}, reached from the users list, and at /alllicenses/{id},
 * where the other admin screens link to).
 */
const userDetailPage = lazy(() => import('./components/user-detail-page'));

export const adminUserRoutes = declareRoutes([
  {
    path: paths.users,
    title: 'Users',
    access: 'admin',
    menu: { section: 'admin', label: 'Users', order: 30 },
    page: lazy(() => import('./components/users-page')),
  },
  { path: paths.allLicensesUser, title: 'User details', access: 'admin', page: userDetailPage },
  { path: paths.user, title: 'User details', access: 'admin', page: userDetailPage },
]);
