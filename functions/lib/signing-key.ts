import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface SigningKey {
  keyId: string;
  /** The public key as PEM (SPKI), which the desktop app carries to check signatures offline. */
  publicKeyPem: string;
  sign(data: Buffer): Buffer;
}

/**
 * The Ed25519 key a signing secret stands for: the SHA-256 of the secret is the seed (so any secret string
 * Secrets Manager generates will do), the key id the start of the SHA-256 of the public key (so a rotated
 * secret shows as a new id). Pure, so the local stack and a rotation can compute the public half of a
 * secret without the portal.
 */
export function signingKeyFromSecret(secret: string): SigningKey {
  const seed = createHash('sha256').update(secret).digest();
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ format: 'der', type: 'spki' });
  return {
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    sign: (data) => sign(null, data, privateKey),
  };
}
