/**
 * `npx tsx scripts/client/key-of-secret.ts < secret-value`: the public key entry (key id and PEM) a license
 * signing secret stands for, to add to portal-keys.ts before the portal signs with it (key rotation).
 * Reads the secret from stdin so it is never on a command line; prints only the public half.
 */
import { readFileSync } from 'node:fs';
import { signingKeyFromSecret } from '../../functions/lib/signing-key';

const secret = readFileSync(0, 'utf8').trim();
if (!secret) {
  console.error('Give the signing secret on stdin');
  process.exit(1);
}
const key = signingKeyFromSecret(secret);
console.log(JSON.stringify({ key_id: key.keyId, public_key: key.publicKeyPem }, null, 2));
