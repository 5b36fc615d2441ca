import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './net';
import { startS3 } from './emulators';

describe('freePort', () => {
  it('hands out ports below the range outgoing connections take theirs from', async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(10_240);
      expect(port).toBeLessThan(32_768);
    }
  });

  it('gives the preferred port when it is free, another when it is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const takenPort = (taken.address() as { port: number }).port;
    try {
      expect(await freePort(takenPort)).not.toBe(takenPort);
    } finally {
      taken.close();
    }
    expect(await freePort(takenPort)).toBe(takenPort);
  });
});

describe('s3rver on a port taken since it was chosen', () => {
  it('refuses to start with the reason, instead of ending the process', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(join(tmpdir(), 's3-taken-'));
    try {
      await expect(startS3((taken.address() as { port: number }).port, dir)).rejects.toThrow(/EADDRINUSE/);
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
