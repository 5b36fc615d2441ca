import type { licContract } from '../../../shared/contract/lic';
import { adminActions, customerActions, isOnDongle, isReserved } from '../../../shared/licenses/actions';
import { licenseMessages } from '../../../shared/licenses/messages';
import { actionFields } from '../../domain/licenses/license-row';
import { freeSeat, LicenseChangedError, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { floatingSeatsOf, freeFloatingSeat } from '../../domain/licenses/floating-seats';
import { managesSeatsOf } from '../../domain/organisations/organisation-seat';
import { conflict, forbidden } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';
import { licenseFor } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** Returns a seat: the desktop app on closing, the portal for a machine that cannot, or an admin (release). */
export const returnLicense: LicHandlers['return_license'] = async ({ license_id, fingerprint }, { viewer }) => {
  const { me, license, admin } = await licenseFor(viewer, license_id);
  if (license.seats !== undefined) return returnFloatingSeat(license, fingerprint, me.id, admin);
  const fields = actionFields(license);
  if (isOnDongle(fields)) throw conflict(licenseMessages.onDongle);
  if (!isReserved(fields)) throw conflict(licenseMessages.notReserved);
  // The owner or the holder returns; an admin releases the seat for a machine that cannot.
  const returning = customerActions(fields, me.id).has('return');
  if (!returning && !(admin && adminActions(fields).has('release'))) throw forbidden(licenseMessages.ownerOnly);
  if (license.fingerprint !== fingerprint) throw conflict(licenseMessages.otherMachine);
  try {
    // A return is the seat protocol's own (its seat event); an admin's release is audited.
    await freeSeat(license, fingerprint, me.id, returning ? 'return' : 'release', new Date(), { audited: !returning });
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return { license_id, available: true };
};

/**
 * Frees the seat a floating license's machine `fingerprint` holds (also a borrowed one, before its end):
 * the machine's user or the license's owner returns it; its organisation's owner or admins, or a portal
 * admin, release it.
 */
async function returnFloatingSeat(license: LicenseRecord, fingerprint: string, userId: number, admin: boolean) {
  const seatsInUse = await floatingSeatsOf(license.id);
  const held = seatsInUse.find((seat) => seat.fingerprint === fingerprint);
  if (!held) throw conflict(licenseMessages.notReserved);
  const returning = held.user_id === userId || license.user_id === userId;
  const releasing = !returning && (admin || (license.organisation_id !== undefined && (await managesSeatsOf(license.organisation_id, userId))));
  if (!returning && !releasing) throw forbidden(licenseMessages.ownerOnly);
  try {
    await freeFloatingSeat(license, held, userId, returning ? 'return' : 'release', new Date(), seatsInUse.length - 1);
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return { license_id: license.id, available: true };
}
