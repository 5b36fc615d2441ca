import { platformUserData } from '../lib/platform-user-data';
import type { DeletedUser, UserDataDeclaration } from '../lib/user-data';
import { accountsUserData } from './accounts/user-data';
import { auditUserData } from './audit/user-data';
import { casesUserData } from './cases/user-data';
import { codesUserData } from './codes/user-data';
import { commerceUserData } from './commerce/user-data';
import { downloadsUserData } from './downloads/user-data';
import { ivCurvesUserData } from './iv-curves/user-data';
import { licensesUserData } from './licenses/user-data';
import { productsUserData } from './products/user-data';
import { sessionsUserData } from './sessions/user-data';
import { usersUserData } from './users/user-data';

/**
 * Every domain's user data (functions/lib/user-data.ts), in the order account deletion carries out
 * their fates: what holds other users' rights first (seats and shares), the user record last, since
 * an interrupted deletion is found again through it. A new domain that keeps anything of a user adds
 * its declaration here; the user data check (user-data.test.ts) fails until it does.
 */
export const userDataRegistry: readonly UserDataDeclaration[] = [
  licensesUserData,
  productsUserData,
  downloadsUserData,
  ivCurvesUserData,
  casesUserData,
  auditUserData,
  codesUserData,
  commerceUserData,
  sessionsUserData,
  accountsUserData,
  platformUserData,
  usersUserData,
];

/** Carries out every domain's fates for a deleted account, in the registry's order. */
export async function forgetUser(user: DeletedUser, now = new Date(), registry = userDataRegistry): Promise<void> {
  for (const declaration of registry) await declaration.forget?.(user, now);
}
