import { isCampaignLicenseTag } from '../../../shared/commerce/codes';
import type { licContract } from '../../../shared/contract/lic';
import { licenseMessages } from '../../../shared/licenses/messages';
import { cancelShare, LicenseChangedError, shareLicense, sharedUserIds, sharedUsersOf, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { personName } from '../../domain/users/person';
import { usersByIds } from '../../domain/users/users.repository';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import type { AuditSwitch } from '../../lib/records/record-kind';
import { existingUser, licenseFor, ownedLicense } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** Whom a license is shared with, by id and by name (a user who is gone: an empty name). */
async function sharedUsers(licenseId: number) {
  const userIds = await sharedUserIds(licenseId);
  const people = await usersByIds(userIds);
  const users = userIds.map((id) => {
    const user = people.get(id);
    return { id, name: user ? personName(user) : '' };
  });
  return { license_id: licenseId, user_ids: userIds, users };
}

/** Whom a license is shared with: for its owner and admins; a recipient does not see the others. */
export const getLicenseSharedUsers: LicHandlers['get_license_shared_users'] = async ({ license_id }, { viewer }) => {
  const { owner, admin } = await licenseFor(viewer, license_id);
  if (!owner && !admin) throw forbidden(licenseMessages.ownerOnly);
  return sharedUsers(license_id);
};

type ShareChange = (license: LicenseRecord, withUserId: number, ownerUsername: string, audit: AuditSwitch) => Promise<void>;

async function changeShare(change: ShareChange, viewer: Viewer, licenseId: number, withUserId: number) {
  const { license } = await ownedLicense(viewer, licenseId);
  if (withUserId === license.user_id) throw badRequest(licenseMessages.shareWithOwner);
  await existingUser(withUserId);
  try {
    // The owner is the caller: their username goes on the share, for the recipient's "Shared by".
    // A customer's share is audited, in both users' trails.
    await change(license, withUserId, viewer.caller.username, { audited: true });
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return sharedUsers(licenseId);
}

/**
 * How many users one license may be shared with: every write of a license also writes each recipient's
 * copy of it in the same transaction (docs/decisions/019-license-data-keys.md), which takes 100 items.
 */
export const MAX_SHARES_PER_LICENSE = 50;

const shareWithinLimit: ShareChange = async (license, withUserId, ownerUsername, audit) => {
  // A campaign is once per user: sharing its license would let one person use many accounts' redemptions.
  if (isCampaignLicenseTag(license.tag)) throw forbidden(licenseMessages.campaignShare);
  // An organisation's seat goes to its members by assignment, never by a share.
  if (license.organisation_id !== undefined) throw forbidden(licenseMessages.organisationLicense);
  const shared = new Set(await sharedUsersOf(license));
  if (!shared.has(withUserId) && shared.size >= MAX_SHARES_PER_LICENSE) throw conflict(licenseMessages.shareLimit(MAX_SHARES_PER_LICENSE));
  await shareLicense(license, withUserId, ownerUsername, audit);
};

/**
 * A customer's shares a day are limited (any license, any user, refused ones too: the contract's
 * `shareLicense`). Its answer names whom the license is now shared with, so shares in a loop would look
 * people's names up by id; sharing every license a customer has with its 50 users takes a few days of it.
 */
export const shareLicenseHandler: LicHandlers['share_license'] = ({ license_id, with_user_id }, { viewer }) =>
  changeShare(shareWithinLimit, viewer, license_id, with_user_id);

export const cancelShareLicense: LicHandlers['cancel_share_license'] = ({ license_id, with_user_id }, { viewer }) =>
  changeShare((license, withUserId, _owner, audit) => cancelShare(license, withUserId, audit), viewer, license_id, with_user_id);
