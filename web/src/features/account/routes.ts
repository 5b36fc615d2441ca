import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

export const accountRoutes = declareRoutes([
  {
    path: paths.deleteAccount,
    title: 'Delete account',
    access: 'signed-in',
    page: lazy(() => import('./components/delete-account-page')),
  },
]);
