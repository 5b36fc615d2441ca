/**
 * `npm run import:devices -- FILE`: imports produced units (serial number, uid, product, hardware version,
 * EMS id, EAN, label certificates, calibrations) from a production file, CSV or JSON (formats: README,
 * "Produced hardware import"), through the devices repository. The whole file is checked first: with any
 * bad row, every problem is printed with its line and nothing is written. Importing a file again changes
 * nothing; a later file adds the certificates and calibrations a unit lacks and corrects its fields.
 *
 * Into the running local stack (found through {LOCAL_DATA_DIR}/stack.json), or, with TABLE_NAME set,
 * into that table with the AWS credentials of the environment.
 */
import '../local/env-defaults';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ENV } from '../../shared/runtime';

export interface DeviceImportResult {
  ok: boolean;
  /** What to tell the operator, line by line. */
  lines: string[];
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
  const { importDevices } = await import('../../functions/domain/devices/devices.repository');
  const unitEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('AWS_') || name === ENV.tableName));
  const outcome = await runAs(
    { name: 'import-devices', needs: { table: ['GetItem', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] }, env: unitEnv },
    () => importDevices(devices),
  );
  return {
    ok: true,
    lines: [`${devices.length} unit(s) read: ${outcome.created} new, ${outcome.updated} updated, ${outcome.unchanged} unchanged`],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run import:devices -- FILE (.csv or .json)');
    process.exit(2);
  }
  let env: Record<string, string | undefined> = process.env;
  if (!process.env[ENV.tableName]) {
    const stateFile = join(resolve(process.env.LOCAL_DATA_DIR ?? '.local'), 'stack.json');
    if (!existsSync(stateFile)) {
      console.error(`No running local stack (${stateFile} is missing): start it with npm start, or set ${ENV.tableName}`);
      process.exit(1);
    }
    const { functionEnv } = JSON.parse(readFileSync(stateFile, 'utf8')) as { functionEnv: Record<string, string> };
    for (const [key, value] of Object.entries(functionEnv)) if (key.startsWith('AWS_')) process.env[key] = value;
    env = functionEnv;
  }
  const result = await importDevicesFile(resolve(file), env);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  process.exit(result.ok ? 0 : 1);
}
