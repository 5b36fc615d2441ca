import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** cognito-local's own signing key, so tests can mint tokens the local issuer would have signed. */
let cognitoLocal: KeyObject | undefined;
function cognitoLocalKey(): KeyObject {
  if (cognitoLocal) return cognitoLocal;
  const dir = join(dirname(require.resolve('cognito-local/package.json')), 'lib/keys');
  const { pem } = JSON.parse(readFileSync(join(dir, 'cognitoLocal.private.json'), 'utf8')) as { pem: string };
  return (cognitoLocal = createPrivateKey(pem));
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 JWT over `claims`; signed with cognito-local's key unless another key is given. */
export function mintToken(claims: Record<string, unknown>, key: KeyObject = cognitoLocalKey()): string {
  const head = b64url({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' });
  const body = b64url(claims);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(key).toString('base64url');
  return `${head}.${body}.${signature}`;
}

/** A new RSA key of its own (a fifth of a second of CPU to make). */
export const newRsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

/** A key no issuer publishes: one per process, as the API matrix signs a token with it for every cmd. */
let stranger: KeyObject | undefined;
export const strangerKey = () => (stranger ??= newRsaKey());

/** Claims of a valid-looking access token for the local pool, to be changed by each test. */
export function accessClaims(issuer: string, clientId: string, overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: '00000000-0000-4000-8000-000000000000',
    username: 'nobody',
    client_id: clientId,
    token_use: 'access',
    iss: issuer,
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
}
