import type { LicenseRow } from '../../../../shared/contract/lic';
import { customerActions, type CustomerAction } from '../../../../shared/licenses/actions';
import { organisationRules } from '../../../../shared/organisations/organisation-roles';
import type { Membership } from '../../../../shared/organisations/organisations.contract';

/** A license in an organisation: its owner and admins decide who uses its seat. */
export const inOrganisation = (license: Pick<LicenseRow, 'organisation_id'>): boolean =>
  license.organisation_id !== undefined && license.organisation_id !== null;

/** An organisation's license someone else bought, which the caller may use as a member of it. */
export const fromOrganisation = (license: Pick<LicenseRow, 'organisation_id' | 'user_id'>, callerId: number): boolean =>
  inOrganisation(license) && license.user_id !== callerId;

/** What an organisation's license may not be: shared or moved (the server refuses them too), by anyone. */
const NOT_FOR_ORGANISATION_LICENSES: readonly CustomerAction[] = ['move', 'share', 'stop_sharing'];

/**
 * The actions the caller may take on a license on their Licenses screen: the customer's rules, less
 * sharing and moving for an organisation's license (a member returns a seat their machine holds).
 */
export function licenseCardActions(license: LicenseRow, callerId: number): Set<CustomerAction> {
  const actions = customerActions(license, callerId);
  if (inOrganisation(license)) for (const action of NOT_FOR_ORGANISATION_LICENSES) actions.delete(action);
  return actions;
}

/** The organisations whose seats the caller manages (owner or admin): where they may add their licenses and codes. */
export const managedOrganisations = (memberships: readonly Membership[] | undefined): Membership[] =>
  (memberships ?? []).filter((membership) => organisationRules.manageSeats(membership.role));
