import { declareOrganisationAdminSections } from '../organisations';
import { OrganisationHistory } from './components/organisation-history';

/** An organisation's History on its screen, for the portal's admins. */
export const organisationHistorySections = declareOrganisationAdminSections([OrganisationHistory]);
