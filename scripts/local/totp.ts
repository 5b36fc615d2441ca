/**
 * `npm run totp [-- SECRET]`: the current authenticator code for SECRET, or else for the demo admin
 * (DEMO_ADMIN_TOTP_SECRET, or the secret `npm start` generated in the data folder). What an
 * authenticator app shows, for scripts and for people without one at hand.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateSync } from 'otplib';
import { DEMO_ADMIN_TOTP_FILE } from './local-secrets';

function demoAdminSecret(): string | undefined {
  if (process.env.DEMO_ADMIN_TOTP_SECRET) return process.env.DEMO_ADMIN_TOTP_SECRET;
  const file = join(resolve(process.env.LOCAL_DATA_DIR ?? '.local'), DEMO_ADMIN_TOTP_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

const secret = (process.argv[2] ?? demoAdminSecret())?.replace(/\s/g, '').toUpperCase();
if (!secret) {
  console.error('No secret: pass one (npm run totp -- SECRET), set DEMO_ADMIN_TOTP_SECRET, or run npm start once.');
  process.exit(1);
}
console.log(generateSync({ secret }));
