import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** The admin license screens: all licenses and the dongles (a user's detail belongs to the admin users). */
export const adminLicenseRoutes = declareRoutes([
  {
    path: paths.allLicenses,
    title: 'All licenses',
    access: 'admin',
    menu: { section: 'admin', label: 'All licenses', order: 10 },
    page: lazy(() => import('./components/all-licenses-page')),
  },
  {
    path: paths.dongles,
    title: 'Dongles',
    access: 'admin',
    menu: { section: 'admin', label: 'Dongles', order: 50 },
    page: lazy(() => import('./components/dongles-page')),
  },
]);
