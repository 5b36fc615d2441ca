import type { DeletedUser, Forget } from '../lib/user-data';
import { forgetCases } from './cases/domain';
import type { domains } from './domains';
import { forgetDownloads } from './downloads/domain';
import { forgetIvCurves } from './iv-curves/domain';
import { forgetLicenses } from './licenses/domain';
import { forgetOrganisations } from './organisations/domain';
import { forgetProducts } from './products/domain';
import { forgetUserRecord } from './users/domain';

/** The domains whose declaration (domains.ts) carries out fates for a deleted account. */
type ForgettingDomain = Extract<(typeof domains)[number], { forget: unknown }>['domain'];

/**
 * What each such domain declares as its `forget`, by domain, in the root list's order (what holds other
 * users' rights first, the user record last). Imported from the domains' declarations alone, not the
 * root list, so the deletion job carries no domain that keeps nothing to forget; the type holds it to
 * exactly the domains that declare `forget`, and domains.test.ts checks the functions and the order.
 */
export const forgetters = {
  organisations: forgetOrganisations,
  licenses: forgetLicenses,
  products: forgetProducts,
  downloads: forgetDownloads,
  'iv-curves': forgetIvCurves,
  cases: forgetCases,
  users: forgetUserRecord,
} satisfies Record<ForgettingDomain, Forget>;

/** Carries out every domain's fates for a deleted account, in the root list's order. */
export async function forgetUser(user: DeletedUser, now = new Date()): Promise<void> {
  for (const forget of Object.values(forgetters)) await forget(user, now);
}
