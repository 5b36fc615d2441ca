/**
 * `npm run local:job -- delete-accounts`: runs a scheduled job now against the running local stack
 * (`npm start` writes the functions' environment to {LOCAL_DATA_DIR}/stack.json).
 */
import './env-defaults';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jobNames, runJob } from './jobs';

const name = process.argv[2];
if (!name) {
  console.error(`Usage: npm run local:job -- <${jobNames.join('|')}>`);
  process.exit(2);
}
const stateFile = join(resolve(process.env.LOCAL_DATA_DIR ?? '.local'), 'stack.json');
if (!existsSync(stateFile)) {
  console.error(`No running local stack (${stateFile} is missing): start it with npm start`);
  process.exit(1);
}
const { functionEnv } = JSON.parse(readFileSync(stateFile, 'utf8')) as { functionEnv: Record<string, string> };
// The SDK clients of this process talk to the running stack's emulators.
for (const [key, value] of Object.entries(functionEnv)) if (key.startsWith('AWS_')) process.env[key] = value;
// One line, last: the job's own log lines come before it.
console.log(JSON.stringify(await runJob(name, functionEnv)));
