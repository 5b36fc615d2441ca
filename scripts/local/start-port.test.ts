import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, isPortFree } from './net';
import { startPortProblem } from './start-port';

/** A server holding a port on 127.0.0.1, as another program would; closed after each test. */
const holders: Server[] = [];
async function takenPort(): Promise<number> {
  const server = createServer();
  holders.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}
afterEach(async () => {
  await Promise.all(holders.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

const TAKEN_LINE = /^Port (\d+) is in use \(another npm start\?\): stop what uses it, or start on a free port, e.g\. PORT=(\d+) npm start$/;

describe('the port npm start checks first', () => {
  it('is taken: one line saying to start on another port, naming one that is free', async () => {
    const port = await takenPort();
    const checked = await startPortProblem(String(port));
    expect(checked).toEqual({ problem: expect.stringMatching(TAKEN_LINE) });
    const [, named, suggested] = TAKEN_LINE.exec((checked as { problem: string }).problem)!;
    expect(Number(named)).toBe(port);
    expect(Number(suggested)).not.toBe(port);
    expect(await isPortFree(Number(suggested))).toBe(true);
  });

  it('is free: the port to start on', async () => {
    const port = await freePort();
    expect(await startPortProblem(String(port))).toEqual({ port });
  });

  it('is not a port: says what PORT takes', async () => {
    for (const given of ['abc', '0', '70000', '30.5', '-1']) {
      expect(await startPortProblem(given)).toEqual({ problem: `PORT=${given} is not a port: give a number from 1 to 65535, e.g. PORT=3000 npm start` });
    }
  });
});

describe('npm start on a taken port', () => {
  it('exits at once with the line, before building or seeding anything', { timeout: 60_000 }, async () => {
    const port = await takenPort();
    const dataDir = mkdtempSync(join(tmpdir(), 'start-port-'));
    // The web build is not skipped: a start that did not check first would begin it and print so.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/local/start.ts'], {
      env: { ...process.env, PORT: String(port), LOCAL_DATA_DIR: dataDir, SKIP_WEB_BUILD: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Past the check, the start would go on for minutes: stop it as soon as it says it is building.
    child.stdout.on('data', () => stdout.includes('Building') && child.kill('SIGKILL'));
    const status = await new Promise<number | null>((resolve) => child.once('close', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(TAKEN_LINE)]);
    expect(stderr).toContain(`Port ${port} is in use`);
    expect(status).toBe(1);
  });
});
