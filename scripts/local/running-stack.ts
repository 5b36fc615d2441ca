import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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
