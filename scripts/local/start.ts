/**
 * `npm start`: builds the SPA and runs the whole portal on this machine with no cloud account.
 * Data is kept in .local/ (git-ignored), so a restart keeps every record. Ctrl-C stops everything.
 */
import './env-defaults';
import { resolve } from 'node:path';
import { buildWebApp } from './build-web';
import { demoAccounts } from './seed';
import { DEMO_CAMPAIGN_CODE } from './seed-codes';
import { startLocalStack } from './stack';
import { isPortTaken, portTakenLine, startPortProblem, suggestedPort } from './start-port';

// The port first: a taken one is told now, not after the build and the seeding.
const checked = await startPortProblem(process.env.PORT);
if ('problem' in checked) {
  console.error(checked.problem);
  process.exit(1);
}
const { port } = checked;
/** A comma-separated list of a variable, or undefined. */
const listOf = (value: string | undefined) => value?.split(',').map((item) => item.trim()).filter(Boolean);
const dataDir = resolve(process.env.LOCAL_DATA_DIR ?? '.local');

// SKIP_WEB_BUILD=1 serves the web/dist already built (the test of npm start itself uses it).
if (process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app …');
  await buildWebApp();
}
console.log('Starting DynamoDB Local, s3rver and cognito-local …');
const stack = await startLocalStack({
  dataDir,
  port,
  demoPassword: process.env.DEMO_PASSWORD,
  demoAdminTotpSecret: process.env.DEMO_ADMIN_TOTP_SECRET,
  // DEMO_VOLUME=0 seeds the demo accounts' own data only, without the 48 more customers and months of
  // history: a start of a few seconds less (the tests of npm start itself use it).
  demoVolume: process.env.DEMO_VOLUME !== '0',
  // e.g. PORTAL_DEV_ORIGINS=http://localhost:5173 for the Vite dev server (its pages call cognito-local).
  devOrigins: listOf(process.env.PORTAL_DEV_ORIGINS),
  // e.g. PORTAL_REDIRECT_ORIGINS=http://localhost:4200 for a local forum's logout redirect.
  redirectOrigins: listOf(process.env.PORTAL_REDIRECT_ORIGINS),
  // The Download page's guide links, as a deployment's guidesUrl and raspberryPiGuideUrl (unset: not shown).
  guides: { guidesUrl: process.env.PORTAL_GUIDES_URL || undefined, raspberryPiGuideUrl: process.env.PORTAL_RASPBERRY_PI_GUIDE_URL || undefined },
}).catch(async (error: unknown) => {
  // Taken meanwhile (the port is bound only once the demo accounts are in place): the same one line.
  if (!isPortTaken(error, port)) throw error;
  console.error(portTakenLine(port, await suggestedPort(port)));
  process.exit(1);
});

const url = `http://localhost:${port}`;
console.log(`
Power portal running at ${url}
  Demo accounts (password ${stack.demoPassword}):
${demoAccounts.map((a) => `    ${a.username.padEnd(6)} ${a.admin ? 'administrator' : 'customer'} (${a.email})`).join('\n')}
  The administrator signs in with a second factor: add this secret to an authenticator app,
    ${stack.demoAdminTotpSecret}
  or run \`npm run totp\` for the current code.
  License code any customer can redeem once on Licenses: ${DEMO_CAMPAIGN_CODE} (more at /listcodes).
  Emulators: DynamoDB ${stack.endpoints.dynamodb}  S3 ${stack.endpoints.s3}  Cognito ${stack.endpoints.cognito}
  Data: ${dataDir}
  Seat reservations are signed with this stack's own key; \`npm run client\` trusts it from ${stack.licenseKeysFile}
Press Ctrl-C to stop.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping …');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
