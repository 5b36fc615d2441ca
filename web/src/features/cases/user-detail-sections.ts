import { declareUserDetailSections } from '../admin-users';
import { UserCasesSection } from './components/user-cases-section';

/** A user's support cases on the user detail, each opening its case. */
export const caseUserDetailSections = declareUserDetailSections([
  { order: 30, Section: UserCasesSection },
]);
