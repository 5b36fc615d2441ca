import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { adminGroupName } from '../../infra/definitions';
import { apiMessages } from '../../shared/api';
import type { TokenUse } from '../../shared/contract';
import { getAuthConfig } from './config';
import { unauthorized } from './errors';

/** Who is calling, from a verified Cognito token. */
export interface Caller {
  sub: string;
  username: string;
  isAdmin: boolean;
  /** The token as sent; an access token can ask Cognito for the user's attributes. */
  token: string;
  tokenUse: TokenUse;
  /** The user's attributes when the token carries them (id tokens): email, name, custom:… */
  attributes?: Record<string, string>;
  /** Only id tokens say whether the email address was verified. */
  emailVerified?: boolean;
}

async function fetchJwks(uri: string): Promise<ArrayBuffer> {
  const response = await fetch(uri, { signal: AbortSignal.timeout(3_000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  return response.arrayBuffer();
}

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
const verifiers = new Map<TokenUse, Verifier>();

/**
 * One verifier per token kind, for Cognito and cognito-local alike: the issuer comes from the config,
 * the JWKS from the issuer's well-known path, and Cognito's own claims are checked here (access tokens
 * name the client in `client_id`, id tokens in `aud`). The JWKS is fetched with the runtime's fetch,
 * since the library's own fetcher speaks only https and cognito-local serves http.
 */
function getVerifier(tokenUse: TokenUse): Verifier {
  const existing = verifiers.get(tokenUse);
  if (existing) return existing;
  const config = getAuthConfig();
  const verifier = JwtRsaVerifier.create(
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
  verifiers.set(tokenUse, verifier);
  return verifier;
}
const jwksCache = new SimpleJwksCache({ fetcher: { fetch: fetchJwks } });

const stringClaims = (payload: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(payload).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

/**
 * Tokens verified before, until they expire: a client sends the same token with every call for up to
 * an hour, and the signature check is the largest part of a call's own CPU time. Keyed by the whole
 * token, so a changed token is verified afresh; bounded, oldest out first.
 */
const verified = new Map<string, { caller: Caller; expiresAt: number }>();
const VERIFIED_MAX = 1_000;

/** Verifies the Authorization header (`Bearer <token>` or the bare token) and returns the caller. */
export async function authenticate(header: string | undefined, tokenUse: TokenUse = 'access'): Promise<Caller> {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) throw unauthorized(apiMessages.missingToken);
  const known = verified.get(token);
  if (known && known.caller.tokenUse === tokenUse && known.expiresAt > Date.now()) return known.caller;
  return verify(token, tokenUse);
}

async function verify(token: string, tokenUse: TokenUse): Promise<Caller> {
  let payload: Record<string, unknown>;
  try {
    payload = await getVerifier(tokenUse).verify(token);
  } catch (error) {
    throw unauthorized(error instanceof JwtExpiredError ? apiMessages.expiredToken : apiMessages.invalidToken);
  }
  const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
  const caller: Caller = {
    sub: String(payload.sub),
    username: String(tokenUse === 'id' ? payload['cognito:username'] : payload.username),
    isAdmin: groups.includes(adminGroupName),
    token,
    tokenUse,
  };
  if (tokenUse === 'id') {
    caller.attributes = stringClaims(payload);
    caller.emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  }
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { caller: Object.freeze(caller), expiresAt: Number(payload.exp) * 1000 });
  return caller;
}

export function resetAuth(): void {
  verifiers.clear();
  verified.clear();
}
