/**
 * `npm run migrate:license-views`: gives every license written before the users' copies of their licenses
 * (docs/decisions/019-license-data-keys.md) its copies: into the running local stack, or, with
 * `TABLE_NAME` set, into that table with the shell's AWS credentials (a deployment, before or right after
 * the version that reads the copies goes live). Safe to run again.
 */
import './env-defaults';
import { migrateLicenseViews } from '../../functions/domain/licenses/license-views.migration';
import { runAs } from '../../functions/lib/runtime-env';
import { ENV } from '../../shared/runtime';
import { connectToRunningStack, stackStateFile } from './running-stack';

const log = (line: string) => console.log(line);
if (process.env[ENV.tableName]) {
  await migrateLicenseViews(log);
} else {
  const functionEnv = connectToRunningStack();
  if (!functionEnv) {
    console.error(`No running local stack (${stackStateFile()} is missing): start it with npm start, or set ${ENV.tableName}`);
    process.exit(1);
  }
  const env = Object.fromEntries(Object.entries(functionEnv).filter(([name]) => name.startsWith('AWS_') || name === ENV.tableName));
  await runAs({ name: 'migrate-license-views', needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] }, env }, () => migrateLicenseViews(log));
}
