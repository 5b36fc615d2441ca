import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../../shared/api';
import { userContract } from '../../../shared/contract/user';
import { STORAGE_KEY, type StoredTokens } from '../session/tokens';

/**
 * An outage is never a sign-out: the API client and the session together, in a page stand-in (storage,
 * location, fetch), with the identity provider module (the AWS SDK adapter) replaced by a stand-in whose
 * refresh fails as the real one does when Cognito does not answer or refuses the refresh token.
 */
const refreshTokens = vi.fn<(refreshToken: string) => Promise<never>>();
vi.mock('../session/cognito', () => ({ refreshTokens }));

const jwt = (payload: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
const now = Math.floor(Date.now() / 1000);

/** A signed-in user's tokens; `expired` ones make the next call refresh them first. */
function storedTokens({ expired }: { expired: boolean }): StoredTokens {
  const exp = expired ? now - 60 : now + 3600;
  return {
    accessToken: jwt({ iat: exp - 3600, exp }),
    idToken: jwt({ 'cognito:username': 'demo', 'cognito:groups': [] }),
    refreshToken: 'refresh',
    issuedAt: exp - 3600,
    expiresAt: exp,
    clockDrift: 0,
  };
}

const storage = new Map<string, string>();
const location = { reload: vi.fn(), replace: vi.fn() };

async function pageWith(tokens: StoredTokens) {
  vi.resetModules();
  storage.clear();
  storage.set(STORAGE_KEY, JSON.stringify(tokens));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('window', { addEventListener: () => undefined, location });
  const config = await import('../config');
  vi.spyOn(config, 'getConfig').mockReturnValue({ apiBase: '/api' } as ReturnType<typeof config.getConfig>);
  const { call, ApiCallError } = await import('./client');
  const { getSession } = await import('../session/session');
  return { call, ApiCallError, getSession };
}

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the SPA in an outage', () => {
  beforeEach(() => {
    location.reload.mockClear();
    location.replace.mockClear();
    refreshTokens.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the API\'s 503 "try again" and stays signed in', async () => {
    const page = await pageWith(storedTokens({ expired: false }));
    vi.stubGlobal('fetch', vi.fn(async () => answer(503, { status: 'error', message: apiMessages.unavailable })));

    const failure = await page.call(userContract, 'get_user_profile', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(page.ApiCallError);
    expect(failure).toMatchObject({ message: apiMessages.unavailable, httpStatus: 503 });
    expect(storage.has(STORAGE_KEY)).toBe(true);
    expect(page.getSession()).toEqual({ username: 'demo', isAdmin: false });
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('says "try again" and stays signed in when the identity provider does not answer a refresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const page = await pageWith(storedTokens({ expired: true }));
    const api = vi.fn(async () => answer(200, { status: 'ok', data: {} }));
    vi.stubGlobal('fetch', api);
    refreshTokens.mockRejectedValue(Object.assign(new Error('Request did not complete within 5000 ms'), { name: 'TimeoutError' }));

    const pending = page.call(userContract, 'get_user_profile', {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    const failure = await pending;
    expect(failure).toMatchObject({ message: apiMessages.unavailable, httpStatus: 503 });
    expect(api).not.toHaveBeenCalled();
    expect(storage.has(STORAGE_KEY)).toBe(true);
    expect(page.getSession()).toEqual({ username: 'demo', isAdmin: false });
    expect(location.reload).not.toHaveBeenCalled();
  });

  it('signs out when the identity provider refuses the refresh token', async () => {
    const page = await pageWith(storedTokens({ expired: true }));
    vi.stubGlobal('fetch', vi.fn());
    refreshTokens.mockRejectedValue(Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' }));

    const failure = await page.call(userContract, 'get_user_profile', {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ httpStatus: 401 });
    expect(storage.has(STORAGE_KEY)).toBe(false);
    expect(location.reload).toHaveBeenCalled();
  });
});
