import { isCampaignLicenseTag } from '../../../shared/commerce/codes';
import type { licContract } from '../../../shared/contract/lic';
import { customerActions, isOnDongle, isReserved } from '../../../shared/licenses/actions';
import { licenseMessages } from '../../../shared/licenses/messages';
import { actionFields } from '../../domain/licenses/license-row';
import { LicenseChangedError, moveLicense } from '../../domain/licenses/licenses.repository';
import { callerUserId } from '../../domain/users/caller-user';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import { badRequest, conflict, forbidden } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { existingUser, licenseFor } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

/**
 * How many times a customer may move licenses in a day (refused moves too): each move adds an entry to
 * both users' actions and the license's history, so a loop would grow them without end. A customer
 * handing their licenses to colleagues needs a few; support (admins) is not counted.
 */
export const MAX_MOVES_PER_DAY = 50;
export const dailyMoves: AttemptLimit = {
  action: 'move-license',
  max: MAX_MOVES_PER_DAY,
  windowSeconds: 24 * 3600,
  message: licenseMessages.moveBudget(MAX_MOVES_PER_DAY),
};

/**
 * Gives a license to another user. The owner may move a license no machine or dongle holds, except one
 * from a campaign code; an admin may move any plain (non-subscription) license under the same condition. Recorded as a user action for both.
 */
export const moveLicenseHandler: LicHandlers['move_license'] = async ({ license_id, to_user_id }, { caller }) => {
  if (!caller.isAdmin) await takeAttempt(dailyMoves, await callerUserId(caller));
  const { me, license, owner, admin } = await licenseFor(caller, license_id);
  if (!owner && !admin) throw forbidden(licenseMessages.ownerOnly);
  if (!owner && license.subscription_id !== undefined) throw forbidden(licenseMessages.subscriptionMove);
  // A campaign is once per user: moving its licenses would collect it through many accounts. Support may.
  if (owner && isCampaignLicenseTag(license.tag)) throw forbidden(licenseMessages.campaignMove);
  if (isOnDongle(actionFields(license))) throw conflict(licenseMessages.onDongle);
  if (isReserved(actionFields(license))) throw conflict(licenseMessages.reserved);
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
