import { createServer } from 'node:net';

/** A free TCP port on 127.0.0.1: `preferred` if it is free, else one the operating system picks. */
export async function freePort(preferred = 0): Promise<number> {
  if (preferred) {
    try {
      return await listenOnce(preferred);
    } catch {
      // taken: any free port will do
    }
  }
  return listenOnce(0);
}

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
