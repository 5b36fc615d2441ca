import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** The subscriptions screen (admin): the list, each subscription's detail, Cancel and Convert. */
export const adminSubscriptionRoutes = declareRoutes([
  {
    path: paths.subscriptions,
    title: 'Subscriptions',
    access: 'admin',
    menu: { section: 'admin', label: 'Subscriptions', order: 60 },
    page: lazy(() => import('./components/subscriptions-page')),
  },
]);
