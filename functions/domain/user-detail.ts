import type { UserDetailParts } from '../lib/user-data';
import { auditUserDetail } from './audit/user-data';
import { casesUserDetail } from './cases/user-data';
import { downloadsUserDetail } from './downloads/user-data';
import { licensesUserDetail } from './licenses/license-detail';
import { productsUserDetail } from './products/user-data';

/**
 * The `detail` readers of the user data declarations (user-data.ts), in the registry's order: what the
 * admin user detail reads. Imported from the domains directly, so the user endpoint's bundle carries
 * neither the deletion code nor the other domains' entities; user-data.test.ts checks that these are
 * exactly the declarations' `detail`s.
 */
export const userDetailReaders = [licensesUserDetail, productsUserDetail, downloadsUserDetail, casesUserDetail, auditUserDetail] as const;

/** The admin's user detail besides who the user is: each domain's declared part, read side by side. */
export async function userDetailParts(userId: number): Promise<UserDetailParts> {
  const parts = await Promise.all(userDetailReaders.map((read) => read(userId)));
  return Object.assign({}, ...parts) as UserDetailParts;
}
