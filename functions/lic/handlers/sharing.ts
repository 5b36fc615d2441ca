import type { licContract } from '../../../shared/contract/lic';
import { licenseMessages } from '../../../shared/licenses/messages';
import { cancelShare, LicenseChangedError, shareLicense, sharedUserIds, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import type { Caller } from '../../lib/auth';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { existingUser, licenseFor, ownedLicense } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

const sharedUsers = async (licenseId: number) => ({ license_id: licenseId, user_ids: await sharedUserIds(licenseId) });

/** Whom a license is shared with: for its owner and admins; a recipient does not see the others. */
export const getLicenseSharedUsers: LicHandlers['get_license_shared_users'] = async ({ license_id }, { caller }) => {
  const { owner, admin } = await licenseFor(caller, license_id);
  if (!owner && !admin) throw forbidden(licenseMessages.ownerOnly);
  return sharedUsers(license_id);
};

type ShareChange = (license: LicenseRecord, withUserId: number, ownerUsername: string) => Promise<void>;

async function changeShare(change: ShareChange, caller: Caller, licenseId: number, withUserId: number) {
  const { license } = await ownedLicense(caller, licenseId);
  if (withUserId === license.user_id) throw badRequest(licenseMessages.shareWithOwner);
  await existingUser(withUserId);
  try {
    // The owner is the caller: their username goes on the share, for the recipient's "Shared by".
    await change(license, withUserId, caller.username);
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return sharedUsers(licenseId);
}

export const shareLicenseHandler: LicHandlers['share_license'] = ({ license_id, with_user_id }, { caller }) =>
  changeShare(shareLicense, caller, license_id, with_user_id);

export const cancelShareLicense: LicHandlers['cancel_share_license'] = ({ license_id, with_user_id }, { caller }) =>
  changeShare((license, withUserId) => cancelShare(license, withUserId), caller, license_id, with_user_id);
