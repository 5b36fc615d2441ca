import { organisationHistorySections } from '../features/admin-organisations/organisation-admin-sections';
import type { OrganisationAdminSection } from '../features/organisations';

/** Every section the admin features add to an organisation's screen for the portal's admins, as they declare them. */
export const organisationAdminSections: readonly OrganisationAdminSection[] = [...organisationHistorySections];
