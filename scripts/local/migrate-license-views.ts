/**
 * `npm run migrate:license-views`: gives every license written before the users' copies of their licenses
 * (docs/decisions/019-license-data-keys.md) its copies: into the running local stack, or, with
 * `TABLE_NAME` set, into that table with the shell's AWS credentials (a deployment, before or right after
 * the version that reads the copies goes live). Safe to run again.
 */
import './env-defaults';
import { migrateLicenseViews } from '../../functions/domain/licenses/license-views.migration';
import { runOnTable } from './running-stack';

const log = (line: string) => console.log(line);
await runOnTable('migrate-license-views', { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'] }, () => migrateLicenseViews(log));
