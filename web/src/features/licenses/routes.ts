import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

export const licenseRoutes = declareRoutes([
  {
    path: paths.licenses,
    title: 'Licenses',
    access: 'signed-in',
    menu: { section: 'user', label: 'Licenses', order: 20 },
    page: lazy(() => import('./components/licenses-page')),
  },
  {
    path: paths.offlineActivation,
    title: 'Offline activation',
    access: 'signed-in',
    menuParent: paths.licenses,
    page: lazy(() => import('./components/offline-activation-page')),
  },
]);
