import { lazy } from 'react';
import { declareUserDetailSections } from '../admin-users';

/** A user's support cases on the user detail, each opening its case. */
export const caseUserDetailSections = declareUserDetailSections([
  { order: 30, Section: lazy(() => import('./components/user-cases-section')) },
]);
