import { adminLicenseUserDetailSections } from '../features/admin-licenses/user-detail-sections';
import { organisationUserDetailSections } from '../features/admin-organisations/user-detail-sections';
import type { UserDetailSection } from '../features/admin-users';
import { caseUserDetailSections } from '../features/cases/user-detail-sections';

/** Every section other features contribute to a user's detail (admin users), as they declare them. */
export const userDetailSections: readonly UserDetailSection[] = [...adminLicenseUserDetailSections, ...caseUserDetailSections, ...organisationUserDetailSections];
