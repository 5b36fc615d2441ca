import type { LicenseRow } from '../../../../shared/contract/lic';
import { organisationRules } from '../../../../shared/organisations/organisation-roles';
import type { Membership } from '../../../../shared/organisations/organisations.contract';

/** A license in an organisation: its owner and admins decide who uses its seat. */
export const inOrganisation = (license: Pick<LicenseRow, 'organisation_id'>): boolean =>
  license.organisation_id !== undefined && license.organisation_id !== null;

/** An organisation's license someone else bought, which the caller may use as a member of it. */
export const fromOrganisation = (license: Pick<LicenseRow, 'organisation_id' | 'user_id'>, callerId: number): boolean =>
  inOrganisation(license) && license.user_id !== callerId;

/** The organisations whose seats the caller manages (owner or admin): where they may add their licenses and codes. */
export const managedOrganisations = (memberships: readonly Membership[] | undefined): Membership[] =>
  (memberships ?? []).filter((membership) => organisationRules.manageSeats(membership.role));
