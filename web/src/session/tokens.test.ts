import { describe, expect, it } from 'vitest';
import {
  clearTokens,
  decodeJwtPayload,
  msUntilExpiry,
  needsRefresh,
  readTokens,
  refreshMargin,
  sessionFromTokens,
  tokensFromAuthResult,
  writeTokens,
} from './tokens';

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.signature`;

const ISSUED = 1_700_000_000; // provider clock, seconds
const access = jwt({ iat: ISSUED, exp: ISSUED + 3600, username: 'demo', token_use: 'access' });
const id = (groups?: string[]) =>
  jwt({ iat: ISSUED, exp: ISSUED + 3600, 'cognito:username': 'demo', ...(groups ? { 'cognito:groups': groups } : {}) });

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('session tokens', () => {
  it('decodes a base64url JWT payload, UTF-8 included', () => {
    expect(decodeJwtPayload(jwt({ name: 'Zoë', n: 1 }))).toEqual({ name: 'Zoë', n: 1 });
    expect(() => decodeJwtPayload('not-a-jwt')).toThrow();
  });

  it('measures clock drift from the access token iat and the local receipt time', () => {
    const localNow = (ISSUED + 120) * 1000; // local clock runs two minutes ahead
    const tokens = tokensFromAuthResult({ AccessToken: access, IdToken: id(), RefreshToken: 'r1' }, undefined, localNow);
    expect(tokens.clockDrift).toBe(120_000);
    // Right after receipt a full hour remains, whatever the local clock says.
    expect(msUntilExpiry(tokens, localNow)).toBe(3_600_000);
    expect(needsRefresh(tokens, localNow)).toBe(false);
    expect(needsRefresh(tokens, localNow + 3_600_000 - 5 * 60_000)).toBe(true);
  });

  it('keeps the previous refresh token when a refresh answer carries none', () => {
    const tokens = tokensFromAuthResult({ AccessToken: access, IdToken: id() }, 'old-refresh', ISSUED * 1000);
    expect(tokens.refreshToken).toBe('old-refresh');
    expect(() => tokensFromAuthResult({ AccessToken: access, IdToken: id() }, undefined, 0)).toThrow();
  });

  it('refreshes a short-lived token at a fifth of its lifetime, a long one five minutes early', () => {
    const short = tokensFromAuthResult(
      { AccessToken: jwt({ iat: ISSUED, exp: ISSUED + 600 }), IdToken: id(), RefreshToken: 'r' },
      undefined,
      ISSUED * 1000,
    );
    expect(refreshMargin(short)).toBe(120_000);
    const long = tokensFromAuthResult({ AccessToken: access, IdToken: id(), RefreshToken: 'r' }, undefined, 0);
    expect(refreshMargin(long)).toBe(300_000);
  });

  it('makes an admin only of a user whose id token groups contain Admin', () => {
    const base = { AccessToken: access, RefreshToken: 'r' };
    expect(sessionFromTokens(tokensFromAuthResult({ ...base, IdToken: id(['Admin']) }, undefined, 0))).toEqual({
      username: 'demo',
      isAdmin: true,
    });
    expect(sessionFromTokens(tokensFromAuthResult({ ...base, IdToken: id(['Staff']) }, undefined, 0)).isAdmin).toBe(false);
    expect(sessionFromTokens(tokensFromAuthResult({ ...base, IdToken: id() }, undefined, 0)).isAdmin).toBe(false);
  });

  it('stores, reads and clears tokens, treating anything unreadable as signed out', () => {
    const storage = memoryStorage();
    expect(readTokens(storage)).toBeNull();
    const tokens = tokensFromAuthResult({ AccessToken: access, IdToken: id(), RefreshToken: 'r' }, undefined, 0);
    writeTokens(storage, tokens);
    expect(readTokens(storage)).toEqual(tokens);
    storage.setItem('portal.session', '{"accessToken": 1}');
    expect(readTokens(storage)).toBeNull();
    storage.setItem('portal.session', 'not json');
    expect(readTokens(storage)).toBeNull();
    writeTokens(storage, tokens);
    clearTokens(storage);
    expect(readTokens(storage)).toBeNull();
  });
});
