import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSecret } from 'otplib';
import { secrets } from '../../functions/registry';

/**
 * Secrets the functions read from the environment locally (Secrets Manager in AWS), one per registry
 * secret: generated on the first start and kept in the data folder (mode 0600), so a restart keeps them,
 * a secret added to the registry reaches an existing folder, and the repository never holds one. A
 * secret set in the environment (FASTSPRING_WEBHOOK_SECRET …) is used instead.
 */
export function localSecrets(dataDir: string): Record<string, string> {
  const file = join(dataDir, 'secrets.json');
  const known = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const missing = Object.values(secrets).filter((secret) => !known[secret.env]);
  for (const secret of missing) known[secret.env] = randomBytes(32).toString('hex');
  if (missing.length) writeFileSync(file, JSON.stringify(known, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  // An operator's own value (e.g. the FastSpring webhook secret of a real test store) wins over the generated one.
  const given = Object.values(secrets).flatMap((secret) => (process.env[secret.env] ? [[secret.env, process.env[secret.env]!]] : []));
  return { ...known, ...Object.fromEntries(given) };
}

/** Where, in the data folder, the generated demo admin's authenticator secret is kept. */
export const DEMO_ADMIN_TOTP_FILE = 'demo-admin-totp-secret';

/**
 * The demo admin's authenticator secret (base32) when DEMO_ADMIN_TOTP_SECRET is not set: generated on the
 * first start and kept in the data folder (mode 0600), so an authenticator set up with it keeps working.
 */
export function demoAuthenticatorSecret(dataDir: string): string {
  const file = join(dataDir, DEMO_ADMIN_TOTP_FILE);
  if (!existsSync(file)) writeFileSync(file, generateSecret(), { mode: 0o600 });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}
