import { lazy } from 'react';
import { declareUserDetailSections } from '../admin-users';

/** A user's licenses, with their admin actions and Add new license, on the user detail. */
export const adminLicenseUserDetailSections = declareUserDetailSections([
  { order: 10, Section: lazy(() => import('./components/user-licenses-section')) },
]);
