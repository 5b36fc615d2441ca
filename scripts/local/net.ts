import { createServer } from 'node:net';

/**
 * Ports handed out below the range the operating system takes outgoing connections' ports from
 * (Linux 32768–60999, macOS and Windows 49152–65535). A port is only checked free here and bound
 * later by whoever asked; within the ephemeral range any outgoing connection made meanwhile (the
 * suite makes thousands) could take it, and the server would then fail with EADDRINUSE.
 */
const FIRST_PORT = 10_240;
const LAST_PORT = 32_767;

/** A free TCP port on 127.0.0.1: `preferred` if it is free, else one outside the ephemeral range. */
export async function freePort(preferred = 0): Promise<number> {
  if (preferred) {
    try {
      return await listenOnce(preferred);
    } catch {
      // taken: any free port will do
    }
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT + 1));
    try {
      return await listenOnce(candidate);
    } catch {
      // another server has it: draw again
    }
  }
  return listenOnce(0);
}

/** Whether `port` on 127.0.0.1 is free to listen on now. */
export const isPortFree = (port: number): Promise<boolean> =>
  listenOnce(port).then(
    () => true,
    () => false,
  );

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Polls `check` until it resolves true or the time is up; a failing check means "not up yet".
 * `gaveUp` is asked first on every round, so a server that died is reported at once.
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  gaveUp: () => string | undefined = () => undefined,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(`${what} did not start: ${reason}`);
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
