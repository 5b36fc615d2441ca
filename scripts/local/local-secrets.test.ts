import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secrets } from '../../functions/registry';
import { localSecrets } from './local-secrets';
import { tempDir } from '../../test/support/temp-dir';

describe('local secrets', () => {
  it('generates every registry secret, owner-only, and keeps them from one start to the next', () => {
    const dir = tempDir('secrets-');
    const first = localSecrets(dir);
    for (const secret of Object.values(secrets)) expect(first[secret.env]).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(localSecrets(dir)).toEqual(first);
  });

  it('adds a secret new to the registry to an existing folder, keeps the old ones, and tightens the mode', () => {
    const dir = tempDir('secrets-');
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ SSO_SECRET: 'kept' }), { mode: 0o644 });
    const now = localSecrets(dir);
    expect(now.SSO_SECRET).toBe('kept');
    expect(now[secrets.originVerify.env]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(now);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
