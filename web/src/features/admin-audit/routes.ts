import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

/** The audit trail (admin): every admin action and customers' moves and shares, filtered, paged, as CSV. */
export const adminAuditRoutes = declareRoutes([
  {
    path: paths.audit,
    title: 'Audit trail',
    access: 'admin',
    // Last of the admin menu (after the spec's entries): a place to look something up, not a daily task.
    menu: { section: 'admin', label: 'Audit trail', order: 120 },
    page: lazy(() => import('./components/audit-page')),
  },
]);
