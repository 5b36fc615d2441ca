import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/**
 * IV Curves: every signed-in user's own curves and the public ones (an admin's: all), upload and update
 * by file. Open to every signed-in user, listed in the Admin section of the menu.
 */
export const ivCurveRoutes = declareRoutes([
  {
    path: paths.ivCurves,
    title: 'IV Curves',
    access: 'signed-in',
    menu: { section: 'admin', label: 'IV Curves', order: 110 },
    page: lazy(() => import('./components/iv-curves-page')),
  },
]);
