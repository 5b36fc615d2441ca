import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FunctionNeeds } from '../../functions/registry';
import { runAs } from '../../functions/lib/runtime-env';
import { ENV } from '../../shared/runtime';

/** Where `npm start` writes the running stack's function environment (it holds local secrets: owner-only). */
export const stackStateFile = (): string => join(resolve(process.env.LOCAL_DATA_DIR ?? '.local'), 'stack.json');

/**
 * The running local stack's function environment, with this process's AWS SDK clients pointed at its
 * emulators (its AWS_ variables); null when no stack runs. For the operator commands run against it.
 */
export function connectToRunningStack(): Record<string, string> | null {
  const file = stackStateFile();
  if (!existsSync(file)) return null;
  const { functionEnv } = JSON.parse(readFileSync(file, 'utf8')) as { functionEnv: Record<string, string> };
  for (const [key, value] of Object.entries(functionEnv)) if (key.startsWith('AWS_')) process.env[key] = value;
  return functionEnv;
}

/**
 * Runs an operator command's `work` on the data table: with TABLE_NAME set, that table with the shell's
 * AWS credentials (a deployment); else the running local stack's, as a unit with `needs`, which the local
 * grants guard holds it to. Without either it exits, saying how to start a stack.
 */
export async function runOnTable<T>(name: string, needs: FunctionNeeds, work: () => Promise<T>): Promise<T> {
  if (process.env[ENV.tableName]) return work();
  const functionEnv = connectToRunningStack();
  if (!functionEnv) {
    console.error(`No running local stack (${stackStateFile()} is missing): start it with npm start, or set ${ENV.tableName}`);
    process.exit(1);
  }
  const env = Object.fromEntries(Object.entries(functionEnv).filter(([key]) => key.startsWith('AWS_') || key === ENV.tableName));
  return runAs({ name, needs, env }, work);
}
