import { createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../shared/api';
import { accessClaims as claimsFor, mintToken, newRsaKey, strangerKey } from '../../test/support/tokens';
import { rememberedToken, resetAuth, verifyToken } from './auth';
import { runAs } from './runtime-env';

/** A stand-in issuer on 127.0.0.1 that publishes one RSA key, as Cognito publishes its JWKS. */
const privateKey = newRsaKey();
let server: Server;
let issuer: string;
let env: Record<string, string>;
/** Runs a check as a function whose environment names the stand-in issuer. */
const verify = (jwt: string, use: 'access' | 'id' = 'access') => runAs({ name: 'test', needs: {}, env }, () => verifyToken(jwt, use));

const token = (claims: Record<string, unknown>) => mintToken(claims, privateKey);
const accessClaims = (overrides: Record<string, unknown> = {}) =>
  claimsFor(issuer, 'client', { sub: 's-1', username: 'ada', exp: Math.floor(Date.now() / 1000) + 60, ...overrides });

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    res.end(JSON.stringify({ keys: [{ ...jwk, kid: 'CognitoLocal', alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool`;
  env = { USER_POOL_ID: 'pool', USER_POOL_CLIENT_ID: 'client', COGNITO_ISSUER: issuer };
  resetAuth();
});
afterEach(() => vi.useRealTimers());
afterAll(() => {
  server.close();
  resetAuth();
});

describe('verifyToken', () => {
  it('returns the facts of a valid access token: who, the sign-in it belongs to, and whether it claims Admin', async () => {
    const facts = await verify(token(accessClaims({ 'cognito:groups': ['Admin'], origin_jti: 'o-1' })));
    expect(facts).toMatchObject({ sub: 's-1', username: 'ada', claimsAdmin: true, origin: 'o-1', tokenUse: 'access' });
    expect((await verify(token(accessClaims({ sub: 's-0', jti: 'j-0' })))).origin).toBe('j-0');
  });

  it('remembers a verified token until it expires, and not a refused one', async () => {
    const jwt = token(accessClaims({ sub: 's-2' }));
    expect(rememberedToken(jwt)).toBeUndefined();
    await verify(jwt);
    expect(rememberedToken(jwt)).toMatchObject({ sub: 's-2' });
    const forged = mintToken(accessClaims({ sub: 's-2b' }), strangerKey());
    await expect(verify(forged)).rejects.toMatchObject({ httpStatus: 401 });
    expect(rememberedToken(forged)).toBeUndefined();
  });

  it('refuses a remembered token once it has expired', async () => {
    const jwt = token(accessClaims({ sub: 's-3' }));
    await expect(verify(jwt)).resolves.toMatchObject({ sub: 's-3' });
    vi.useFakeTimers({ now: Date.now() + 120_000, toFake: ['Date'] });
    expect(rememberedToken(jwt)).toBeUndefined();
    await expect(verify(jwt)).rejects.toMatchObject({ httpStatus: 401, message: apiMessages.expiredToken });
  });

  it('refuses an access token where an id token is required, and one of another client', async () => {
    await expect(verify(token(accessClaims({ sub: 's-4' })), 'id')).rejects.toMatchObject({ httpStatus: 401 });
    await expect(verify(token(accessClaims({ sub: 's-5', client_id: 'other' })))).rejects.toMatchObject({
      message: apiMessages.invalidToken,
    });
  });
});
