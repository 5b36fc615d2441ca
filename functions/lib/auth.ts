import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { adminGroupName } from '../../infra/definitions';
import { apiMessages } from '../../shared/api';
import { getConfig } from './config';
import { unauthorized } from './errors';

/** Who is calling, from a verified Cognito access token. */
export interface Caller {
  sub: string;
  username: string;
  isAdmin: boolean;
  accessToken: string;
}

async function fetchJwks(uri: string): Promise<ArrayBuffer> {
  const response = await fetch(uri, { signal: AbortSignal.timeout(3_000) });
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  return response.arrayBuffer();
}

type Verifier = { verify(token: string): Promise<Record<string, unknown>> };
let verifier: Verifier | undefined;

/**
 * One verifier for Cognito and cognito-local alike: the issuer comes from the config, the JWKS from the
 * issuer's well-known path, and the access-token checks (token_use, client_id) are done here because the
 * generic RSA verifier does not know Cognito's claims. The JWKS is fetched with the runtime's fetch,
 * since the library's own fetcher speaks only https and cognito-local serves http.
 */
function getVerifier(): Verifier {
  if (verifier) return verifier;
  const config = getConfig();
  const jwksCache = new SimpleJwksCache({ fetcher: { fetch: fetchJwks } });
  verifier = JwtRsaVerifier.create(
    {
      issuer: config.issuer,
      jwksUri: `${config.issuer}/.well-known/jwks.json`,
      audience: null,
      customJwtCheck: ({ payload }) => {
        if (payload.token_use !== 'access') throw new Error('not an access token');
        if (payload.client_id !== config.userPoolClientId) throw new Error('token of another client');
      },
    },
    { jwksCache },
  ) as unknown as Verifier;
  return verifier;
}

/** Verifies the Authorization header (`Bearer <token>` or the bare token) and returns the caller. */
export async function authenticate(header: string | undefined): Promise<Caller> {
  const token = header?.replace(/^Bearer\s+/i, '').trim();
  if (!token) throw unauthorized(apiMessages.missingToken);
  let payload: Record<string, unknown>;
  try {
    payload = await getVerifier().verify(token);
  } catch (error) {
    throw unauthorized(error instanceof JwtExpiredError ? apiMessages.expiredToken : apiMessages.invalidToken);
  }
  const groups = Array.isArray(payload['cognito:groups']) ? (payload['cognito:groups'] as string[]) : [];
  return {
    sub: String(payload.sub),
    username: String(payload.username),
    isAdmin: groups.includes(adminGroupName),
    accessToken: token,
  };
}

export function resetAuth(): void {
  verifier = undefined;
}
