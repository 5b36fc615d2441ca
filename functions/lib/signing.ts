import { secrets } from '../registry';
import { getSecret } from './secrets';
import { signingKeyFromSecret, type SigningKey } from './signing-key';

export type { SigningKey } from './signing-key';

let cached: { secret: string; key: SigningKey } | undefined;

/** The Ed25519 key that signs seat reservations, derived from the signing secret (signing-key.ts). */
export async function licenseSigningKey(): Promise<SigningKey> {
  const secret = await getSecret(secrets.licenseSigning.env);
  if (cached?.secret === secret) return cached.key;
  const key = signingKeyFromSecret(secret);
  cached = { secret, key };
  return key;
}
