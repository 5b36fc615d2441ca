import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** Produced hardware (admin): every unit production reported, with its certificates and calibrations. */
export const adminDeviceRoutes = declareRoutes([
  {
    path: paths.devices,
    title: 'Produced hardware',
    access: 'admin',
    menu: { section: 'admin', label: 'Produced hardware', order: 40 },
    page: lazy(() => import('./components/devices-page')),
  },
]);
