import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** The admin's Dashboard (the business at a glance) and Usage (who uses the desktop app): figures from counters, charts loaded lazily. */
export const adminDashboardRoutes = declareRoutes([
  {
    path: paths.dashboard,
    title: 'Dashboard',
    access: 'admin',
    menu: { section: 'admin', label: 'Dashboard', order: 70 },
    page: lazy(() => import('./components/dashboard-page')),
  },
  {
    path: paths.usage,
    title: 'Usage',
    access: 'admin',
    menu: { section: 'admin', label: 'Usage', order: 80 },
    page: lazy(() => import('./components/usage-page')),
  },
]);
