import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** Registered products (admin): every registration, searched, sorted, unregistered, copied as CSV. */
export const adminProductRoutes = declareRoutes([
  {
    path: paths.allProducts,
    title: 'Registered products',
    access: 'admin',
    menu: { section: 'admin', label: 'Registered products', order: 20 },
    page: lazy(() => import('./components/all-products-page')),
  },
]);
