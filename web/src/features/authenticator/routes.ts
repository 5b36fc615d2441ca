import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** Two-factor sign-in: reached from the profile (the side menu is the product's fixed list). */
export const authenticatorRoutes = declareRoutes([
  {
    path: paths.authenticator,
    title: 'Two-factor sign-in',
    access: 'signed-in',
    page: lazy(() => import('./components/authenticator-page')),
  },
]);
