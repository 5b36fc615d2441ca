import { lazy } from 'react';
import { paths } from '../../lib/routing/paths';
import { declareRoutes } from '../../lib/routing/route-declaration';

const CasesPage = lazy(() => import('./components/cases-page'));

/** Support cases: the list, and `/cases/{id}` as a dialog over it (0: a new case). */
export const caseRoutes = declareRoutes([
  { path: paths.cases, title: 'Cases', access: 'signed-in', menu: { section: 'user', label: 'Cases', order: 60 }, page: CasesPage },
  { path: paths.case, title: 'Case', access: 'signed-in', page: CasesPage },
]);
