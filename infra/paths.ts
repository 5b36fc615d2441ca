import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root: entries in definitions.ts and the web asset path are relative to it. */
export const repoRoot = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Resolves a repository-relative path (absolute paths are kept). */
export function fromRepoRoot(relativePath: string): string {
  return path.resolve(repoRoot, relativePath);
}
