import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** What the desktop app shows (admin): its start screen's entries (Latest) and its release news (News). */
export const adminNewsRoutes = declareRoutes([
  {
    path: paths.latest,
    title: 'Latest',
    access: 'admin',
    menu: { section: 'admin', label: 'Latest', order: 90 },
    page: lazy(() => import('./components/latest-page')),
  },
  {
    path: paths.news,
    title: 'News',
    access: 'admin',
    menu: { section: 'admin', label: 'News', order: 100 },
    page: lazy(() => import('./components/news-page')),
  },
]);
