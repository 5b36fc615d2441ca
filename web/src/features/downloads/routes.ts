import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

export const downloadRoutes = declareRoutes([
  {
    path: paths.download,
    title: 'Download',
    access: 'signed-in',
    menu: { section: 'user', label: 'Download', order: 50 },
    page: lazy(() => import('./components/download-page')),
  },
  { path: paths.firmware, title: 'Firmware', access: 'signed-in', page: lazy(() => import('./components/firmware-page')) },
]);
