import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { secrets } from '../registry';
import { getSecret } from './secrets';

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningKey {
  keyId: string;
  /** The public key as PEM (SPKI), for the desktop app to check signatures offline. */
  publicKeyPem: string;
  sign(data: Buffer): Buffer;
}

let cached: { secret: string; key: SigningKey } | undefined;

/**
 * The Ed25519 key that signs seat reservations, derived from the signing secret (SHA-256 of it is the
 * seed, so any secret string Secrets Manager generates will do). Its id is the start of the SHA-256 of
 * the public key, so a rotated secret shows as a new key id.
 */
export async function licenseSigningKey(): Promise<SigningKey> {
  const secret = await getSecret(secrets.licenseSigning.env);
  if (cached?.secret === secret) return cached.key;
  const seed = createHash('sha256').update(secret).digest();
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: 'der', type: 'spki' });
  const key: SigningKey = {
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    sign: (data) => sign(null, data, privateKey),
  };
  cached = { secret, key };
  return key;
}
