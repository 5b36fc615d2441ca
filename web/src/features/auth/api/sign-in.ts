import { signIn } from '../../../session/session';

/** Signs in; the session store switches the app to the signed-in routes. */
export async function signInUser(username: string, password: string): Promise<void> {
  await signIn(username.trim(), password);
}
