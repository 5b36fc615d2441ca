import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** A license's seat history, reached from its card on Licenses (or an organisation's seats): under Licenses in the menu. */
export const seatHistoryRoutes = declareRoutes([
  {
    path: paths.seatHistory,
    title: 'Seat history',
    access: 'signed-in',
    menuParent: paths.licenses,
    page: lazy(() => import('./components/seat-history-page')),
  },
]);
