import { completeSignIn, signIn, type AuthenticatorChallenge } from '../../../session/session';

export type { AuthenticatorChallenge };

/**
 * Signs in; the session store then switches the app to the signed-in routes. Resolves the authenticator
 * step instead when the account signs in with one.
 */
export const signInUser = (username: string, password: string): Promise<AuthenticatorChallenge | null> =>
  signIn(username.trim(), password);

/** The authenticator step: the code as the app shows it, spaces allowed. */
export const answerAuthenticator = (challenge: AuthenticatorChallenge, code: string): Promise<void> =>
  completeSignIn(challenge, code.replace(/\s/g, ''));
