/**
 * `npm run local:job -- delete-accounts`: runs a scheduled job now against the running local stack
 * (`npm start` writes the functions' environment to {LOCAL_DATA_DIR}/stack.json).
 */
import './env-defaults';
import { jobNames, runJob } from './jobs';
import { connectToRunningStack, stackStateFile } from './running-stack';

const name = process.argv[2];
if (!name) {
  console.error(`Usage: npm run local:job -- <${jobNames.join('|')}>`);
  process.exit(2);
}
const functionEnv = connectToRunningStack();
if (!functionEnv) {
  console.error(`No running local stack (${stackStateFile()} is missing): start it with npm start`);
  process.exit(1);
}
// One line, last: the job's own log lines come before it.
console.log(JSON.stringify(await runJob(name, functionEnv)));
