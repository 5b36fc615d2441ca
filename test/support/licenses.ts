import { executeTransaction } from '../../functions/lib/db/write-transaction';
import { createLicense, findLicense, licenseChangeWrites, type LicenseChanges, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
import { PortalError } from '../../scripts/client/protocol';
import { asUnit, callApi } from './api';

/** The same user with their numeric id (their record is made by this first call). */
export async function withUserId<T extends { accessToken: string }>(user: T): Promise<T & { id: number }> {
  const profile = await callApi('user', { cmd: 'get_user_profile' }, user.accessToken);
  return { ...user, id: (profile.body.data as { id: number }).id };
}

/** A license stored as the seed and the admin screens store it: Automation, 2026 to 2027 unless told. */
export const storeLicense = (userId: number, fields: Partial<NewLicense> = {}) =>
  asUnit({ endpoint: 'lic' }, () =>
    createLicense({ user_id: userId, license_type_id: 'Automation', valid_from: '2026-01-01', valid_to: '2027-01-01', ...fields }),
  );

/** The license as stored now. */
export const storedLicense = (id: number) => asUnit({ endpoint: 'lic' }, () => findLicense(id));

/** A `lic/5` call with the caller's token. */
export const licCall = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('lic/5', { cmd, ...params }, token);

/** Writes `changes` to a license as every license write does (with its list row and its users' copies). */
export const storeLicenseChange = (id: number, changes: LicenseChanges) =>
  asUnit({ endpoint: 'lic' }, async () => {
    const license = await findLicense(id);
    if (!license) throw new Error(`No license ${id}`);
    await executeTransaction(licenseChangeWrites(license, changes));
  });

/** A machine holds the license's seat, as the desktop app's reservation leaves it (without the seat protocol's checks). */
export const storeReservation = (id: number, userId: number, fingerprint: string, hostname = `${fingerprint}.local`) =>
  storeLicenseChange(id, { reserved_to: userId, fingerprint, hostname });

/** The portal's refusal of a reference client's call: its status and message (200 and '' when it was not refused). */
export const clientRefusal = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ status: 200, message: '' }),
    (error: unknown) => {
      if (!(error instanceof PortalError)) throw error;
      return { status: error.httpStatus, message: error.message };
    },
  );
