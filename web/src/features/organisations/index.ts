/**
 * What the organisations feature offers the other features: the link to an organisation's screen, and
 * the way to contribute a portal admin's section to it.
 */
export { organisationPath } from './organisation-path';
export {
  declareOrganisationAdminSections,
  OrganisationAdminSectionsProvider,
  type OrganisationAdminSection,
  type OrganisationAdminSectionsLoader,
} from './organisation-admin-sections';
