import { declareUserDetailSections } from '../admin-users';
import { UserLicensesSection } from './components/user-licenses-section';

/** A user's licenses, with their admin actions and Add new license, on the user detail. */
export const adminLicenseUserDetailSections = declareUserDetailSections([
  { order: 10, Section: UserLicensesSection },
]);
