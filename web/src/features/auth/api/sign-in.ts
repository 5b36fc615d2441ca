import { signIn } from '../../../session/session';

/** Spec §8: "Login failed - {message}". */
export const loginFailed = (message: string): string => `Login failed - ${message}`;

/** The identity provider's message for a failed sign-in; a network failure gets a readable one. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof TypeError) return loginFailed('Cannot reach the sign-in service');
  if (error instanceof Error && error.message) return loginFailed(error.message);
  return loginFailed('Unknown error, try again later');
}

/** Signs in; the session store switches the app to the signed-in routes. */
export async function signInUser(username: string, password: string): Promise<void> {
  await signIn(username.trim(), password);
}
