import { licenseMessages } from '../../../shared/licenses/messages';
import { findLicense, sharedUserIds, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { findUserById, type UserRecord } from '../../domain/users/users.repository';
import type { Viewer } from '../../lib/caller';
import { forbidden, notFound } from '../../lib/errors';

export interface LicenseAccess {
  me: { id: number };
  license: LicenseRecord;
  owner: boolean;
  admin: boolean;
}

/**
 * The license a cmd names, as the caller may see it: its owner, a user it is shared with, or an admin.
 * Anyone else is told it does not exist, so license ids cannot be probed. A seat is only for the owner
 * and recipients: there an admin is anyone else (`adminSees: false`).
 */
export async function licenseFor(viewer: Viewer, licenseId: number, { adminSees = true } = {}): Promise<LicenseAccess> {
  const me = { id: viewer.userId };
  const license = await findLicense(licenseId);
  if (!license) throw notFound(licenseMessages.notFound(licenseId));
  const owner = license.user_id === me.id;
  if (!owner && !(adminSees && viewer.isAdmin) && !(await sharedUserIds(licenseId)).includes(me.id)) {
    throw notFound(licenseMessages.notFound(licenseId));
  }
  return { me, license, owner, admin: viewer.isAdmin };
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
