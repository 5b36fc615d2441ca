import { userContract } from '../../../shared/contract/user';
import { call } from '../api/client';
import { signOut } from './session';

/**
 * Signs out (/signout): the API is told first, so it refuses this sign-in's tokens from now on,
 * then the refresh token is revoked and the session cleared. Telling the API is best effort and waits
 * two seconds at most: signing out never hangs on a server.
 */
export async function signOutEverywhere(to: string): Promise<void> {
  const told = call(userContract, 'sign_out', {}).catch(() => undefined);
  await Promise.race([told, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  await signOut({ revoke: true, to });
}
