import { declareUserDetailSections } from '../admin-users';
import { UserOrganisationsSection } from './components/user-organisations-section';

/** A user's organisations on the user detail, after their cases. */
export const organisationUserDetailSections = declareUserDetailSections([{ order: 35, Section: UserOrganisationsSection }]);
