import { licenseMessages } from '../../../shared/licenses/messages';
import { findLicense, sharedUserIds, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { findUserById, type UserRecord } from '../../domain/users/users.repository';
import type { Viewer } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/errors';
import { membershipOf } from '../../domain/organisations/organisation-seat';

export interface LicenseAccess {
  me: { id: number };
  license: LicenseRecord;
  owner: boolean;
  admin: boolean;
  /** True when the caller was let in as a member of the license's organisation (their membership read). */
  member?: true;
}

/**
 * The license a cmd names, as the caller may see it: its owner, a user it is shared with, a member of its
 * organisation who may use its seat, or an admin.
 * Anyone else is told it does not exist, so license ids cannot be probed. A seat is only for the owner
 * and recipients: there an admin is anyone else (`adminSees: false`).
 */
export async function licenseFor(viewer: Viewer, licenseId: number, { adminSees = true } = {}): Promise<LicenseAccess> {
  const license = await findLicense(licenseId);
  if (!license) throw notFound(licenseMessages.notFound(licenseId));
  return accessTo(viewer, license, { adminSees });
}

/** The same, for a license the caller read already. */
export async function accessTo(viewer: Viewer, license: LicenseRecord, { adminSees = true } = {}): Promise<LicenseAccess> {
  const me = { id: viewer.userId };
  const licenseId = license.id;
  const owner = license.user_id === me.id;
  if (owner || (adminSees && viewer.isAdmin) || (await sharedUserIds(licenseId)).includes(me.id)) return { me, license, owner, admin: viewer.isAdmin };
  if (!(await usesOrganisationSeat(license, me.id))) throw notFound(licenseMessages.notFound(licenseId));
  return { me, license, owner, admin: viewer.isAdmin, member: true };
}

/**
 * Whether a member sees an organisation's license as theirs to use: assigned to them, left to the pool,
 * or held by their machine (to return it). Its owner and admins manage it on the organisation's screen.
 */
async function usesOrganisationSeat(license: LicenseRecord, userId: number): Promise<boolean> {
  if (license.organisation_id === undefined) return false;
  const mayUse = license.assigned_to === undefined || license.assigned_to === userId || license.reserved_to === userId;
  return mayUse && (await membershipOf(license.organisation_id, userId)) !== null;
}

/** The same, for what only the owner may do (sharing). */
export async function ownedLicense(viewer: Viewer, licenseId: number): Promise<LicenseAccess> {
  const access = await licenseFor(viewer, licenseId);
  if (!access.owner) throw forbidden(licenseMessages.ownerOnly);
  return access;
}

/** A user a license goes to or is shared with: they must exist. */
export async function existingUser(userId: number): Promise<UserRecord> {
  const user = await findUserById(userId);
  if (!user) throw notFound(licenseMessages.userNotFound(userId));
  return user;
}
