import type { DeletedUser, UserDataDeclaration } from '../lib/user-data';
import { domains } from './domains';

/**
 * Every domain's user data (functions/lib/user-data.ts), from the root list, in its order. A domain that
 * keeps anything of a user declares it in its `domain.ts`; the user data check (user-data.test.ts) fails
 * until it does.
 */
export const userDataRegistry: readonly UserDataDeclaration[] = domains.filter((domain) => domain.parts.length > 0);

/** Carries out every domain's fates for a deleted account, in the root list's order. */
export async function forgetUser(user: DeletedUser, now = new Date(), registry = userDataRegistry): Promise<void> {
  for (const declaration of registry) await declaration.forget?.(user, now);
}
