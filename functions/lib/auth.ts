import { JwtVerifier } from 'aws-jwt-verify/jwt-verifier';
import { FetchError, JwksNotAvailableInCacheError, JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { apiMessages } from '../../shared/api';
import type { TokenUse } from '../../shared/contract/define';
import { ADMIN_GROUP } from '../../shared/runtime';
import { boundedMemo } from './bounded-memo';
import { getAuthConfig } from './config';
import { isOutage, unauthorized, unavailable } from './errors';
import type { Caller, VerifiedToken } from './caller';
import { checkSession, rememberedSession, type RevocationCheck, type SessionState } from './session-check';

/** The issuer's key set; any failure to get it is a FetchError: an outage, not a bad token. */
async function fetchJwks(uri: string): Promise<ArrayBuffer> {
  let response: Response;
  try {
    response = await fetch(uri, { signal: AbortSignal.timeout(3_000) });
  } catch (error) {
    throw new FetchError(uri, error);
  }
  if (!response.ok) throw new FetchError(uri, `JWKS answered ${response.status}`);
  return response.arrayBuffer();
}

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
const verifiers = new Map<string, Verifier>();
const jwksCache = new SimpleJwksCache({ fetcher: { fetch: fetchJwks } });

/**
 * One verifier per issuer and token kind, for Cognito and cognito-local alike: the JWKS from the
 * issuer's well-known path, and Cognito's own claims checked here (access tokens name the client in
 * `client_id`, id tokens in `aud`). The JWKS is fetched with the runtime's fetch, since the library's
 * own fetcher speaks only https and cognito-local serves http.
 */
function getVerifier(tokenUse: TokenUse): Verifier {
  const config = getAuthConfig();
  const key = `${tokenUse} ${config.issuer} ${config.userPoolClientId}`;
  const existing = verifiers.get(key);
  if (existing) return existing;
  const verifier = JwtVerifier.create(
    {
      issuer: config.issuer,
      jwksUri: `${config.issuer}/.well-known/jwks.json`,
      audience: tokenUse === 'id' ? config.userPoolClientId : null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== tokenUse) throw new Error(`not an ${tokenUse} token`);
        if (tokenUse === 'access' && payload.client_id !== config.userPoolClientId) throw new Error('token of another client');
      },
    },
    { jwksCache },
  ) as unknown as Verifier;
  verifiers.set(key, verifier);
  return verifier;
}

const stringClaims = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/** The key set could not be had: an outage of the sign-in service, not a bad token. */
const isJwksOutage = (error: unknown) => error instanceof FetchError || error instanceof JwksNotAvailableInCacheError || isOutage(error);

/**
 * Tokens verified before, until they expire: a client sends the same token with every call for up to
 * an hour, and the signature check is the largest part of a call's own CPU time. Keyed by the whole
 * token, so a changed token is verified afresh; bounded, oldest out first.
 */
const verified = boundedMemo<string, VerifiedToken>(1_000);

/** The verified facts of a token from the memo, if it was verified before and has not expired. */
export function rememberedToken(token: string): VerifiedToken | undefined {
  const known = verified.get(token);
  return known && known.expiresAt > Date.now() ? known : undefined;
}

/** Verifies a token's signature and claims (remembered until it expires). */
export async function verifyToken(token: string, tokenUse: TokenUse): Promise<VerifiedToken> {
  const known = rememberedToken(token);
  if (known && known.tokenUse === tokenUse) return known;
  let payload: Record<string, unknown>;
  try {
    payload = await getVerifier(tokenUse).verify(token);
  } catch (error) {
    if (isJwksOutage(error)) throw unavailable(apiMessages.unavailable);
    throw unauthorized(error instanceof JwtExpiredError ? apiMessages.expiredToken : apiMessages.invalidToken);
  }
  const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
  const facts: VerifiedToken = {
    sub: String(payload.sub),
    username: String(tokenUse === 'id' ? payload['cognito:username'] : payload.username),
    claimsAdmin: groups.includes(ADMIN_GROUP),
    token,
    tokenUse,
    origin: [payload.origin_jti, payload.jti].find((claim): claim is string => typeof claim === 'string'),
    issuedAt: Number(payload.iat),
    expiresAt: Number(payload.exp) * 1000,
  };
  if (tokenUse === 'id') {
    facts.attributes = stringClaims(payload);
    facts.emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  }
  verified.set(token, Object.freeze(facts));
  return facts;
}

/** The bare token of an Authorization header (`Bearer <token>` or the token alone). */
export const bearerToken = (header: string | undefined): string | undefined => header?.replace(/^Bearer\s+/i, '').trim() || undefined;

/**
 * The caller of a request: the token verified, then the session checked (not revoked by a sign-out or
 * an account deletion, as `isRevoked` says; admin rights still held), so a refused session is refused
 * within a bounded time.
 */
export async function authenticate(token: string | undefined, tokenUse: TokenUse, isRevoked: RevocationCheck): Promise<Caller> {
  if (!token) throw unauthorized(apiMessages.missingToken);
  const facts = await verifyToken(token, tokenUse);
  return callerOf(facts, await checkSession(facts, isRevoked));
}

/**
 * The caller of a token verified before whose session was checked within the interval: known at once,
 * with nothing to wait for (a signed-in user's every warm call but one an interval). Undefined when
 * either must be done first: authenticate then.
 */
export function knownCaller(token: string | undefined, tokenUse: TokenUse): Caller | undefined {
  const facts = token === undefined ? undefined : rememberedToken(token);
  const session = facts?.tokenUse === tokenUse ? rememberedSession(facts.token) : undefined;
  return session && callerOf(facts!, session);
}

function callerOf(facts: VerifiedToken, session: SessionState): Caller {
  if (session.revoked) throw unauthorized(apiMessages.missingToken);
  // Field by field: a rest-and-spread copy of the remembered (frozen) token cost ~50 times as much, on every call.
  const { sub, username, token: sent, tokenUse: use, origin, issuedAt, attributes, emailVerified } = facts;
  return {
    sub,
    username,
    token: sent,
    tokenUse: use,
    origin,
    issuedAt,
    attributes,
    emailVerified,
    isAdmin: session.admin === 'yes',
    adminNeedsMfa: session.admin === 'needs-mfa',
  };
}

export function resetAuth(): void {
  verifiers.clear();
  verified.clear();
}
