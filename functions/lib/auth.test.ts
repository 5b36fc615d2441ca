import { createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../shared/api';
import { accessClaims as claimsFor, mintToken, strangerKey } from '../../test/support/tokens';
import { authenticate, resetAuth } from './auth';
import { resetConfig } from './config';

/** A stand-in issuer on 127.0.0.1 that publishes one RSA key, as Cognito publishes its JWKS. */
const privateKey = strangerKey();
let server: Server;
let issuer: string;
let jwksRequests = 0;

const token = (claims: Record<string, unknown>) => mintToken(claims, privateKey);
const accessClaims = (overrides: Record<string, unknown> = {}) =>
  claimsFor(issuer, 'client', { sub: 's-1', username: 'ada', exp: Math.floor(Date.now() / 1000) + 60, ...overrides });

beforeAll(async () => {
  server = createServer((_req, res) => {
    jwksRequests++;
    res.setHeader('content-type', 'application/json');
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    res.end(JSON.stringify({ keys: [{ ...jwk, kid: 'CognitoLocal', alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool`;
  Object.assign(process.env, { TABLE_NAME: 't', USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', COGNITO_ISSUER: issuer });
  resetConfig();
  resetAuth();
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  server.close();
  delete process.env.COGNITO_ISSUER;
  resetConfig();
  resetAuth();
});

describe('authenticate', () => {
  it('returns the caller of a valid access token, with admin from the groups claim', async () => {
    const caller = await authenticate(`Bearer ${token(accessClaims({ 'cognito:groups': ['Admin'] }))}`);
    expect(caller).toMatchObject({ sub: 's-1', username: 'ada', isAdmin: true, tokenUse: 'access' });
  });

  it('verifies a token once and answers repeats from memory while it is valid', async () => {
    const jwt = token(accessClaims({ sub: 's-2' }));
    await authenticate(jwt);
    const fetchedBefore = jwksRequests;
    const again = await authenticate(jwt);
    expect(again.sub).toBe('s-2');
    expect(jwksRequests).toBe(fetchedBefore);
  });

  it('refuses a remembered token once it has expired', async () => {
    const jwt = token(accessClaims({ sub: 's-3' }));
    await expect(authenticate(jwt)).resolves.toMatchObject({ sub: 's-3' });
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    await expect(authenticate(jwt)).rejects.toMatchObject({ httpStatus: 401, message: apiMessages.expiredToken });
  });

  it('refuses an access token where an id token is required, and one of another client', async () => {
    await expect(authenticate(token(accessClaims({ sub: 's-4' })), 'id')).rejects.toMatchObject({ httpStatus: 401 });
    await expect(authenticate(token(accessClaims({ sub: 's-5', client_id: 'other' })))).rejects.toMatchObject({
      message: apiMessages.invalidToken,
    });
  });
});
