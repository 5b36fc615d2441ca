import { decodeBase64urlJson } from '../../../shared/base64url';
import { ADMIN_GROUP } from '../../../shared/runtime';

/**
 * The signed-in user's Cognito tokens and what the SPA derives from them. Pure functions: the storage is
 * passed in, the clock is a parameter, so the rules (clock drift, expiry, admin) are unit-tested.
 */

/** What the browser keeps between visits (localStorage): the tokens and the provider's clock at issue. */
export interface StoredTokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** Access token `iat`, seconds on the identity provider's clock. */
  issuedAt: number;
  /** Access token `exp`, seconds on the identity provider's clock. */
  expiresAt: number;
  /** Local clock minus the provider's clock at issue time, in ms (expiry is judged on the provider's clock, whatever the local clock says). */
  clockDrift: number;
}

/** The local session: who is signed in and whether the admin routes and menu apply. */
export interface Session {
  username: string;
  isAdmin: boolean;
}

/** What InitiateAuth answers with; a refresh leaves RefreshToken out unless rotation is on. */
export interface AuthResultTokens {
  AccessToken?: string;
  IdToken?: string;
  RefreshToken?: string;
}

export const STORAGE_KEY = 'portal.session';

/** Decodes a JWT's payload without verifying it: the API verifies tokens, the SPA only reads claims. */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) throw new Error('Not a JWT');
  const payload = decodeBase64urlJson(part);
  if (typeof payload !== 'object' || payload === null) throw new Error('JWT payload is not an object');
  return payload as Record<string, unknown>;
}

const numberClaim = (payload: Record<string, unknown>, name: string): number => {
  const value = payload[name];
  if (typeof value !== 'number') throw new Error(`Token has no ${name}`);
  return value;
};

/**
 * Builds the stored tokens from an InitiateAuth answer. A refresh answer carries no refresh token, so the
 * previous one is kept. The clock drift compares the token's `iat` with the local time of receipt.
 */
export function tokensFromAuthResult(
  result: AuthResultTokens,
  previousRefreshToken: string | undefined,
  now: number,
): StoredTokens {
  const refreshToken = result.RefreshToken ?? previousRefreshToken;
  if (!result.AccessToken || !result.IdToken || !refreshToken) throw new Error('Sign-in answer has no tokens');
  const access = decodeJwtPayload(result.AccessToken);
  const issuedAt = numberClaim(access, 'iat');
  return {
    accessToken: result.AccessToken,
    idToken: result.IdToken,
    refreshToken,
    issuedAt,
    expiresAt: numberClaim(access, 'exp'),
    clockDrift: now - issuedAt * 1000,
  };
}

/** Username and admin flag from the id token (`cognito:groups` contains Admin). */
export function sessionFromTokens(tokens: StoredTokens): Session {
  const id = decodeJwtPayload(tokens.idToken);
  const groups = Array.isArray(id['cognito:groups']) ? id['cognito:groups'] : [];
  const username = typeof id['cognito:username'] === 'string' ? id['cognito:username'] : '';
  return { username, isAdmin: groups.includes(ADMIN_GROUP) };
}

/** Milliseconds until the access token expires, on the provider's clock (negative once expired). */
export function msUntilExpiry(tokens: StoredTokens, now: number): number {
  return tokens.expiresAt * 1000 - (now - tokens.clockDrift);
}

/**
 * How long before expiry a refresh is due: five minutes, or a fifth of the token's lifetime when that is
 * shorter, so a short-lived token is not refreshed continuously.
 */
export function refreshMargin(tokens: StoredTokens): number {
  const lifetime = (tokens.expiresAt - tokens.issuedAt) * 1000;
  return Math.min(5 * 60_000, Math.max(lifetime / 5, 0));
}

export const needsRefresh = (tokens: StoredTokens, now: number): boolean =>
  msUntilExpiry(tokens, now) <= refreshMargin(tokens);

const isStoredTokens = (value: unknown): value is StoredTokens => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.idToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.issuedAt === 'number' &&
    typeof v.expiresAt === 'number' &&
    typeof v.clockDrift === 'number'
  );
};

/** Reads the stored tokens; anything unreadable counts as signed out. */
export function readTokens(storage: Pick<Storage, 'getItem'>): StoredTokens | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!isStoredTokens(value)) return null;
    sessionFromTokens(value);
    return value;
  } catch {
    return null;
  }
}

export function writeTokens(storage: Pick<Storage, 'setItem'>, tokens: StoredTokens): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(tokens));
}

export function clearTokens(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(STORAGE_KEY);
}
