import { platformUserData } from '../lib/platform-user-data';
import type { DomainDeclaration } from '../lib/records/domain';
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
import { productsDomain } from './products/domain';
import { sessionsDomain } from './sessions/domain';
import { usersDomain } from './users/domain';

/**
 * Every domain, each declared once in its `<domain>/domain.ts` (lib/records/domain.ts): the one list the
 * record kinds, the counted records (counted-records.ts), the user data registry and account deletion
 * (user-data.ts) and the admin's user detail (user-detail.ts, checked against it) are read from. In the
 * order account deletion carries out the fates: what holds other users' rights first (seats and shares),
 * the user record last, since an interrupted deletion is found again through it.
 *
 * Only jobs, scripts and checks import it: a function's bundle would carry every domain's code with it.
 */
export const domains = [
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
