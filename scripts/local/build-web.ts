import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * Builds the SPA into web/dist as CloudFront serves it, with React's production build. Vite makes a
 * development build whenever NODE_ENV is set to anything but "production" (vitest sets "test"), and that
 * React checks and warns as it renders, about half again the browser's work on every page. So the build
 * runs in a process of its own with NODE_ENV=production, whoever asks for it. `lowPriority` builds at the
 * lowest scheduling priority, for a caller with more urgent work on the same cores.
 */
export async function buildWebApp({ logLevel = 'warn', lowPriority = false }: { logLevel?: 'warn' | 'error'; lowPriority?: boolean } = {}): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--config', resolve('web/vite.config.ts'), '--logLevel', logLevel], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (lowPriority && child.pid) {
    try {
      setPriority(child.pid, 19);
    } catch {
      // A nicety: the build runs at normal priority where the system refuses.
    }
  }
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`The web app's build failed (vite exited with ${code})`);
}
