import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

export const legacyRoutes = declareRoutes([
  {
    path: paths.legacy,
    title: 'Buy legacy licenses',
    // Only for users an admin allowed legacy purchases (their profile's legacy flag).
    access: 'legacy',
    menu: { section: 'user', label: 'Buy legacy licenses', order: 30 },
    page: lazy(() => import('./components/legacy-page')),
  },
]);
