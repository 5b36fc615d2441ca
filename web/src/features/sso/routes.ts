import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * Single sign-on for the forum. A signed-out visit of /ssosignin goes to sign-in with the request as its
 * way back, and is taken up again once signed in.
 */
export const ssoRoutes = declareRoutes([
  {
    path: paths.ssoSignIn,
    title: 'Single sign-on',
    access: 'signed-in',
    page: lazy(() => import('./components/sso-sign-in-page')),
  },
  // The forum's sign-out redirect ends a portal session if there is one, and goes on either way.
  { path: paths.ssoSignOut, access: 'public', page: lazy(() => import('./components/sso-sign-out-page')) },
]);
