import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

export const profileRoutes = declareRoutes([
  {
    path: paths.profile,
    title: 'Profile',
    access: 'signed-in',
    menu: { section: 'user', label: 'Profile', order: 10 },
    page: lazy(() => import('./components/profile-page')),
  },
]);
