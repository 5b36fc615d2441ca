import { useSyncExternalStore } from 'react';
import { withRetry } from './retry';
import {
  STORAGE_KEY,
  clearTokens,
  needsRefresh,
  msUntilExpiry,
  readTokens,
  refreshMargin,
  sessionFromTokens,
  tokensFromAuthResult,
  writeTokens,
  type AuthResultTokens,
  type Session,
  type StoredTokens,
} from './tokens';
import type { AuthenticatorChallenge } from './cognito';

/**
 * The browser session: Cognito tokens in localStorage, the derived {username, isAdmin}, refresh before
 * expiry, sign-in and sign-out. A small external store, readable from React (useSession) and from the
 * API client (getAccessToken) alike.
 */

/** Refresh retries stop after five seconds: then the call says to try again rather than hang. */
const REFRESH_LIMIT_MS = 5_000;
/** After a refresh that failed for an outage, the next scheduled try (a call in between tries at once). */
const REFRESH_AGAIN_MS = 30_000;
/** Errors another attempt cannot fix; anything else (network, throttling, 5xx) is retried. */
const PERMANENT_ERRORS = new Set([
  'NotAuthorizedException',
  'InvalidParameterException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'ResourceNotFoundException',
  'UnsupportedChallengeError',
]);

const loadCognito = () => import('./cognito');

/** The identity provider module (AWS SDK), loaded on first use: sign-up, verification, password changes. */
export const loadIdentityProvider = loadCognito;

/** Starts loading the identity provider module (the AWS SDK) early, e.g. once the user starts filling in the sign-in form. */
export function preloadCognito(): void {
  void loadCognito().catch(() => undefined);
}

let tokens: StoredTokens | null = readTokens(localStorage);
let session: Session | null = tokens ? sessionFromTokens(tokens) : null;
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<StoredTokens> | undefined;

function setTokens(next: StoredTokens | null): void {
  tokens = next;
  const nextSession = next ? sessionFromTokens(next) : null;
  if (nextSession?.username !== session?.username || nextSession?.isAdmin !== session?.isAdmin) {
    session = nextSession;
    listeners.forEach((listener) => listener());
  }
  scheduleRefresh();
}

export const getSession = (): Session | null => session;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user, or null when signed out; re-renders on sign-in. */
export const useSession = (): Session | null => useSyncExternalStore(subscribeSession, getSession);

/** Thrown when a call needs a session and there is none (or it could not be renewed). */
export class NoSessionError extends Error {
  override readonly name = 'NoSessionError';
  constructor(message = 'No user session') {
    super(message);
  }
}

/**
 * Thrown when the session could not be renewed because the identity provider did not answer (network,
 * timeout, 5xx, throttling): the session is kept, and the call says to try again.
 */
export class SessionUnavailableError extends Error {
  override readonly name = 'SessionUnavailableError';
}

/** Whether a failed refresh means the session is over, rather than that the identity provider did not answer. */
const endsSession = (error: unknown) => error instanceof NoSessionError || (error instanceof Error && PERMANENT_ERRORS.has(error.name));

/** The authenticator step a sign-in is waiting for (see cognito.ts). */
export type { AuthenticatorChallenge } from './cognito';

function startSession(result: AuthResultTokens): void {
  const next = tokensFromAuthResult(result, undefined, Date.now());
  writeTokens(localStorage, next);
  setTokens(next);
}

/**
 * Signs in with username and password; resolves null once signed in, or the authenticator step when the
 * account has one. Rejects with the identity provider's error.
 */
export async function signIn(username: string, password: string): Promise<AuthenticatorChallenge | null> {
  const cognito = await loadCognito();
  const answer = await cognito.signInWithPassword(username, password);
  if ('challenge' in answer) return answer.challenge;
  startSession(answer.tokens);
  return null;
}

/** Finishes a sign-in with the authenticator's current code. */
export async function completeSignIn(challenge: AuthenticatorChallenge, code: string): Promise<void> {
  const cognito = await loadCognito();
  startSession(await cognito.answerAuthenticatorChallenge(challenge, code));
}

export interface SignOutOptions {
  /** Revoke the refresh token at the identity provider first (an explicit sign-out does; a dead session need not). */
  revoke?: boolean;
  /** Where the browser goes afterwards; by default the current page reloads, which then shows the sign-in. */
  to?: string;
}

let signingOut = false;
/** How long a sign-out waits for the refresh token's revocation before it reloads anyway. */
const REVOKE_WAIT_MS = 5_000;

/**
 * Clears the session and reloads. The tokens leave storage before anything else, so a reload or another
 * tab never sees them again; the revocation is best effort and waits REVOKE_WAIT_MS at most (the reload
 * would cancel it: on a slow machine or network two seconds were not always enough to load the sign-in
 * code and revoke).
 */
export async function signOut({ revoke = false, to }: SignOutOptions = {}): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  const current = tokens;
  clearTokens(localStorage);
  clearTimeout(refreshTimer);
  tokens = null;
  if (revoke && current) {
    const revocation = loadCognito().then((cognito) => cognito.revokeRefreshToken(current.refreshToken));
    await Promise.race([revocation.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, REVOKE_WAIT_MS))]);
  }
  if (to) window.location.replace(to);
  else window.location.reload();
}

function refresh(): Promise<StoredTokens> {
  if (refreshing) return refreshing;
  const current = tokens;
  if (!current) return Promise.reject(new NoSessionError());
  refreshing = (async () => {
    try {
      const cognito = await loadCognito();
      const result = await withRetry(() => cognito.refreshTokens(current.refreshToken), {
        limitMs: REFRESH_LIMIT_MS,
        isRetryable: (error) => !(error instanceof Error && PERMANENT_ERRORS.has(error.name)),
      });
      const next = tokensFromAuthResult(result, current.refreshToken, Date.now());
      // Signed out meanwhile (here or in another tab): do not bring the session back.
      if (!tokens) throw new NoSessionError();
      writeTokens(localStorage, next);
      setTokens(next);
      return next;
    } catch (error) {
      console.warn('Session refresh failed', error);
      if (endsSession(error)) {
        // The refresh token is refused (revoked, user gone): sign out and reload, rather than fail every call.
        void signOut();
        throw new NoSessionError('Cannot get access token');
      }
      // The identity provider did not answer: an outage is never a sign-out. Keep the tokens, try again later.
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void refresh().catch(() => undefined), REFRESH_AGAIN_MS);
      throw new SessionUnavailableError('The identity provider did not answer', { cause: error });
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
}

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  if (!tokens) return;
  const due = msUntilExpiry(tokens, Date.now()) - refreshMargin(tokens);
  // setTimeout holds at most ~24.8 days; a later refresh is rescheduled when that timer fires.
  refreshTimer = setTimeout(
    () => {
      if (tokens && needsRefresh(tokens, Date.now())) void refresh().catch(() => undefined);
      else scheduleRefresh();
    },
    Math.min(Math.max(due, 0), 2 ** 31 - 1),
  );
}

async function currentTokens(): Promise<StoredTokens> {
  if (!tokens) throw new NoSessionError();
  return needsRefresh(tokens, Date.now()) ? await refresh() : tokens;
}

/** A valid access token for an API call, refreshed first when it is near expiry. */
export const getAccessToken = async (): Promise<string> => (await currentTokens()).accessToken;

/** A valid id token (single sign-on sends it instead of the access token), refreshed like the access token. */
export const getIdToken = async (): Promise<string> => (await currentTokens()).idToken;

// Another tab signed in, refreshed or signed out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  const next = readTokens(localStorage);
  if (!next && tokens) {
    window.location.reload();
    return;
  }
  if (next) setTokens(next);
});

scheduleRefresh();
