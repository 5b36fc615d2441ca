import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * The admin license screens: all licenses, a user's detail (its id is a user id; the same page at
 * /users/{id}, reached from the users list), and the dongles.
 */
export const adminLicenseRoutes = declareRoutes([
  {
    path: paths.allLicenses,
    title: 'All licenses',
    access: 'admin',
    menu: { section: 'admin', label: 'All licenses', order: 10 },
    page: lazy(() => import('./components/all-licenses-page')),
  },
  {
    path: paths.allLicensesUser,
    title: 'User details',
    access: 'admin',
    page: lazy(() => import('./components/user-detail-page')),
  },
  {
    path: paths.user,
    title: 'User details',
    access: 'admin',
    page: lazy(() => import('./components/user-detail-page')),
  },
  {
    path: paths.dongles,
    title: 'Dongles',
    access: 'admin',
    menu: { section: 'admin', label: 'Dongles', order: 50 },
    page: lazy(() => import('./components/dongles-page')),
  },
]);
