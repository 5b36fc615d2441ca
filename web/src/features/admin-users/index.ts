/**
 * What the admin users feature offers the other features: links to a user's detail, and the way to
 * contribute a section to it. Anything else in the folder is its own.
 */
export { userDetailPath, usersUserPath } from './user-detail-path';
export {
  declareUserDetailSections,
  UserDetailSectionsProvider,
  type UserDetailSection,
  type UserDetailSectionsLoader,
} from './user-detail-sections';
