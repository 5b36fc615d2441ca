import { isCampaignLicenseTag } from '../../../shared/commerce/codes';
import type { licContract } from '../../../shared/contract/lic';
import { customerActions, isOnDongle, isReserved } from '../../../shared/licenses/actions';
import { licenseMessages } from '../../../shared/licenses/messages';
import { actionFields } from '../../domain/licenses/license-row';
import { LicenseChangedError, moveLicense } from '../../domain/licenses/licenses.repository';
import { runningFloatingSeats } from '../../domain/licenses/floating-seats';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';
import { existingUser, licenseFor } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

/**
 * Gives a license to another user. The owner may move a license no machine or dongle holds, except one
 * from a campaign code; an admin may move any plain (non-subscription) license under the same condition. Recorded as a user action for both.
 * A customer's moves a day are limited (refused ones too: each move grows both users' trails and the license's history).
 */
export const moveLicenseHandler: LicHandlers['move_license'] = async ({ license_id, to_user_id }, { viewer }) => {
  const { me, license, owner, admin } = await licenseFor(viewer, license_id);
  if (!owner && !admin) throw forbidden(licenseMessages.ownerOnly);
  if (!owner && license.subscription_id !== undefined) throw forbidden(licenseMessages.subscriptionMove);
  // A campaign is once per user: moving its licenses would collect it through many accounts. Support may.
  if (owner && isCampaignLicenseTag(license.tag)) throw forbidden(licenseMessages.campaignMove);
  // An organisation's license is its admins' to manage (an admin of the portal may still change its buyer).
  if (owner && license.organisation_id !== undefined) throw forbidden(licenseMessages.organisationLicense);
  if (isOnDongle(actionFields(license))) throw conflict(licenseMessages.onDongle);
  if (isReserved(actionFields(license))) throw conflict(licenseMessages.reserved);
  // A floating license moves once no machine's lease runs on it (one that ended goes to whoever asks next).
  if (license.seats !== undefined && (await runningFloatingSeats(license.id)).length > 0) {
    throw conflict(licenseMessages.reserved);
  }
  if (owner && !customerActions(actionFields(license), me.id).has('move')) throw forbidden(licenseMessages.ownerOnly);
  if (to_user_id === license.user_id) throw badRequest(licenseMessages.alreadyOwner);
  await existingUser(to_user_id);
  try {
    await moveLicense(license, to_user_id, me.id);
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return { license_id, user_id: to_user_id };
};
