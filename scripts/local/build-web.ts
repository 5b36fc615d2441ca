import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * Builds the SPA into web/dist as CloudFront serves it, with React's production build. Vite makes a
 * development build whenever NODE_ENV is set to anything but "production" (vitest sets "test"), and that
 * React checks and warns as it renders, about half again the browser's work on every page. So the build
 * runs in a process of its own with NODE_ENV=production, whoever asks for it.
 */
export async function buildWebApp({ logLevel = 'warn' }: { logLevel?: 'warn' | 'error' } = {}): Promise<void> {
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--config', resolve('web/vite.config.ts'), '--logLevel', logLevel], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) throw new Error(`The web app's build failed (vite exited with ${code})`);
}
