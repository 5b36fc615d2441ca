import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** My products: the caller's registered units, with Move to user and Request calibration certificate. */
export const productRoutes = declareRoutes([
  {
    path: paths.myProducts,
    title: 'My products',
    access: 'signed-in',
    menu: { section: 'user', label: 'My products', order: 40 },
    page: lazy(() => import('./components/my-products-page')),
  },
]);
