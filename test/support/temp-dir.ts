import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new folder under the system's temporary folder for a test's files, removed when the test ends (made
 * outside a test, e.g. at a file's top: once the file's tests have run), so runs leave nothing behind.
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test.
    afterAll(remove);
  }
  return dir;
}
