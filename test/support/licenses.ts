import { createLicense, findLicense, type NewLicense } from '../../functions/domain/licenses/licenses.repository';
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
