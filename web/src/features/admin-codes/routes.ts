import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * The license code screens (admin): the generator and the list. The side menu (the product's fixed
 * list) names neither: All licenses links to both, each links to the other, and the menu marks All
 * licenses while either is open.
 */
export const adminCodeRoutes = declareRoutes([
  {
    path: paths.createCodes,
    title: 'License code generator',
    access: 'admin',
    menuParent: paths.allLicenses,
    page: lazy(() => import('./components/create-codes-page')),
  },
  {
    path: paths.listCodes,
    title: 'License codes',
    access: 'admin',
    menuParent: paths.allLicenses,
    page: lazy(() => import('./components/license-codes-page')),
  },
]);
