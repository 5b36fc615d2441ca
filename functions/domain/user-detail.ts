import type { UserDetailParts } from '../lib/user-data';
import { auditUserDetail } from './audit/domain';
import { casesUserDetail } from './cases/domain';
import type { domains } from './domains';
import { downloadsUserDetail } from './downloads/domain';
import { licensesUserDetail } from './licenses/license-detail';
import { organisationsUserDetail } from './organisations/domain';
import { productsUserDetail } from './products/domain';

/** The domains whose declaration (domains.ts) has a part of the admin's user detail. */
type DetailDomain = Extract<(typeof domains)[number], { detail: unknown }>['domain'];

/**
 * The `detail` readers of the domains' declarations, by domain: what the admin user detail reads. The
 * user endpoint imports the readers alone, not the root list, so its bundle carries neither the deletion
 * code nor the other domains' kinds. The type holds it to exactly the domains that declare a detail, and
 * user-data.test.ts checks that each is the one its domain declares.
 */
export const userDetailReaders = {
  licenses: licensesUserDetail,
  products: productsUserDetail,
  downloads: downloadsUserDetail,
  cases: casesUserDetail,
  audit: auditUserDetail,
  organisations: organisationsUserDetail,
} satisfies Record<DetailDomain, (userId: number) => Promise<Partial<UserDetailParts>>>;

/** The admin's user detail besides who the user is: each domain's declared part, read side by side. */
export async function userDetailParts(userId: number): Promise<UserDetailParts> {
  const parts = await Promise.all(Object.values(userDetailReaders).map((read) => read(userId)));
  return Object.assign({}, ...parts) as UserDetailParts;
}
