import { platformUserData } from '../lib/platform-user-data';
import type { DomainDeclaration } from '../lib/records/domain';
import type { UserDataDeclaration } from '../lib/user-data';
import { accountsDomain } from './accounts/domain';
import { auditDomain } from './audit/domain';
import { casesDomain } from './cases/domain';
import { codesDomain } from './codes/domain';
import { commerceDomain } from './commerce/domain';
import { devicesDomain } from './devices/domain';
import { downloadsDomain } from './downloads/domain';
import { ivCurvesDomain } from './iv-curves/domain';
import { licensesDomain } from './licenses/domain';
import { newsDomain } from './news/domain';
import { organisationsDomain } from './organisations/domain';
import { productsDomain } from './products/domain';
import { sessionsDomain } from './sessions/domain';
import { usersDomain } from './users/domain';

/**
 * Every domain, each declared once in its `<domain>/domain.ts` (lib/records/domain.ts): the one list of
 * domains, in the order account deletion carries out the fates: what holds other users' rights first
 * (organisations, seats and shares), the user record last, since an interrupted deletion is found again through it.
 *
 * The record kinds and the user data registry are read from it. A function imports no root list (its
 * single-file bundle would carry every domain's code): it takes the projection of the part it uses,
 * typed to exactly the domains that declare that part and checked against it (domains.test.ts): the
 * admin's user detail (user-detail.ts), the counters (counted-records.ts), account deletion (user-data.ts).
 */
export const domains = [
  // An organisation passes to its heir first, so its licenses bought by the user pass to its new owner.
  organisationsDomain,
  licensesDomain,
  productsDomain,
  downloadsDomain,
  ivCurvesDomain,
  casesDomain,
  auditDomain,
  codesDomain,
  commerceDomain,
  devicesDomain,
  newsDomain,
  sessionsDomain,
  accountsDomain,
  platformUserData,
  usersDomain,
] as const satisfies readonly DomainDeclaration[];

/** Every declared record kind. */
export const recordKinds = domains.flatMap((domain: DomainDeclaration) => domain.kinds ?? []);

/**
 * Every domain's user data (lib/user-data.ts), in the list's order. A domain that keeps anything of a user
 * declares it in its `domain.ts`; the user data check (user-data.test.ts) fails until it does.
 */
export const userDataRegistry: readonly UserDataDeclaration[] = domains.filter((domain) => domain.parts.length > 0);
