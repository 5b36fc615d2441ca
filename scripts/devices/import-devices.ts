/**
 * `npm run import:devices -- FILE`: imports produced units (serial number, uid, product, hardware version,
 * EMS id, EAN, label certificates, calibrations) from a production file, CSV or JSON (formats:
 * docs/operations.md, "Produced hardware and registered products"), through the devices repository. The whole file is checked first, and then
 * what is stored of its units (a unit must stay under DynamoDB's item size with the file merged in): with
 * any bad row or unit, every problem is printed with its line and nothing is written. A write that fails
 * after that (throttling, an outage) stops the import: what was written and what was not is printed.
 * Importing a file again changes nothing; a later file adds the certificates and calibrations a unit
 * lacks and corrects its fields.
 *
 * Into the running local stack (found through {LOCAL_DATA_DIR}/stack.json), or, with TABLE_NAME set,
 * into that table with the AWS credentials of the environment.
 */
import '../local/env-defaults';
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ImportOutcome } from '../../functions/domain/devices/devices.repository';
import { ENV } from '../../shared/runtime';
import { connectToRunningStack, stackStateFile } from '../local/running-stack';

export interface DeviceImportResult {
  ok: boolean;
  /** What to tell the operator, line by line. */
  lines: string[];
}

/** Units named one by one when an import stops; past this many, a count. */
const NAMED_UNITS = 20;

/** What to tell the operator of an import that ran: the counts, or where it stopped and what is missing. */
export function outcomeLines(file: string, read: number, outcome: ImportOutcome): DeviceImportResult {
  const counts = `${outcome.created} new, ${outcome.updated} updated, ${outcome.unchanged} unchanged`;
  if (!outcome.failed.length) return { ok: true, lines: [`${read} unit(s) read: ${counts}`] };
  const lines = outcome.failed.map(({ uid, line, message, unexpected }) =>
    [`${file}:${line ?? 1}: uid ${uid} was not written: ${message}`, ...(unexpected?.stack ? [unexpected.stack] : [])].join('\n'),
  );
  const { notTried } = outcome;
  if (notTried.length) {
    const named = notTried.slice(0, NAMED_UNITS).map(({ uid, line }) => `${uid} (line ${line ?? 1})`);
    const more = notTried.length > NAMED_UNITS ? `, and ${notTried.length - NAMED_UNITS} more` : '';
    lines.push(`Not tried after the failure, so not written: ${named.join(', ')}${more}`);
  }
  lines.push(
    `${read} unit(s) read: ${counts}; ${outcome.failed.length + notTried.length} not written. ` +
      'The import stopped: importing the file again writes only what is missing.',
  );
  return { ok: false, lines };
}

/** Reads and checks `file`, then writes its units as the `import-devices` unit (the table only). */
export async function importDevicesFile(file: string, env: Record<string, string | undefined>): Promise<DeviceImportResult> {
  const { readDevicesFile } = await import('../../functions/domain/devices/device-import.rules');
  if (!existsSync(file)) return { ok: false, lines: [`${file}: no such file`] };
  const { devices, problems } = readDevicesFile(basename(file), readFileSync(file, 'utf8'));
  if (problems.length) {
    return {
      ok: false,
      lines: [...problems.map(({ line, message }) => `${file}:${line}: ${message}`), `${problems.length} bad row(s): nothing was imported`],
    };
  }
  const { runAs } = await import('../../functions/lib/runtime-env');
  const { checkImport, importDevices } = await import('../../functions/domain/devices/devices.repository');
  const unitEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('AWS_') || name === ENV.tableName));
  const unit = { name: 'import-devices', needs: { table: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] }, env: unitEnv } as const;
  let checked: Awaited<ReturnType<typeof checkImport>>;
  try {
    checked = await runAs(unit, () => checkImport(devices));
  } catch (error) {
    return { ok: false, lines: [`Could not read the stored units: ${(error as Error).name}: ${(error as Error).message}`, 'Nothing was imported'] };
  }
  if (checked.problems.length) {
    return {
      ok: false,
      lines: [...checked.problems.map(({ line, message }) => `${file}:${line}: ${message}`), `${checked.problems.length} bad unit(s): nothing was imported`],
    };
  }
  return outcomeLines(file, devices.length, await runAs(unit, () => importDevices(devices, new Date(), checked.stored)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run import:devices -- FILE (.csv or .json)');
    process.exit(2);
  }
  let env: Record<string, string | undefined> = process.env;
  if (!process.env[ENV.tableName]) {
    const functionEnv = connectToRunningStack();
    if (!functionEnv) {
      console.error(`No running local stack (${stackStateFile()} is missing): start it with npm start, or set ${ENV.tableName}`);
      process.exit(1);
    }
    env = functionEnv;
  }
  try {
    const result = await importDevicesFile(resolve(file), env);
    for (const line of result.lines) (result.ok ? console.log : console.error)(line);
    process.exit(result.ok ? 0 : 1);
  } catch (error) {
    // Not an answer of DynamoDB's to a unit (those are in the result): a fault to show whole.
    console.error('The import failed; what it wrote stays, and importing the file again writes only what is missing:');
    console.error(error);
    process.exit(1);
  }
}
