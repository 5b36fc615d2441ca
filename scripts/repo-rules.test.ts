import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Text the repository keeps: sources, docs, data and styles (the lock file is generated). */
const TEXT_FILE = /\.(ts|tsx|js|mjs|md|json|css|html)$/;
const GENERATED = new Set(['package-lock.json']);

/**
 * Pointers to documents the repository does not hold. A comment states the rule it relies on ("20 a
 * page") so a reader needs nothing else. A section sign is allowed only after an RFC number. The
 * patterns are spelled so this file does not match itself.
 */
const POINTERS: readonly RegExp[] = [
  /(?<!RFC \d+ )\u00a7/,
  new RegExp(['portal', 'spec'].join('-'), 'i'),
  new RegExp(`\\bdesign${'\\.'}md\\b`, 'i'),
  new RegExp(`\\b${'integrations'}\\.md\\b`, 'i'),
  new RegExp(['', 'work', 'shared'].join('/') + '\\b'),
  new RegExp(`\\.\\./${'shared'}/(spec|reference|design)\\b`),
];

function trackedTextFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => TEXT_FILE.test(file) && !GENERATED.has(file.split('/').pop() ?? '') && existsSync(join(root, file)));
}

/** Every `file:line: text` of the tracked files that points to a document outside the repository. */
function pointersOutside(): string[] {
  return trackedTextFiles().flatMap((file) =>
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (POINTERS.some((pointer) => pointer.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('repository rules', () => {
  it('points to no document outside the repository: each comment states the rule it relies on', () => {
    expect(trackedTextFiles().length).toBeGreaterThan(100);
    expect(pointersOutside()).toEqual([]);
  });
});
