import { freePort, isPortFree } from './net';

/**
 * The portal's port for `npm start`, checked before the build and the seeding: a port that is not a port,
 * or one another program holds, is told in one line saying what to do, instead of an EADDRINUSE stack
 * trace a minute later. The port is checked on 127.0.0.1, where the portal listens.
 */
export async function startPortProblem(given: string | undefined): Promise<{ port: number } | { problem: string }> {
  const text = given?.trim() || '3000';
  const port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65_535) return { problem: `PORT=${given} is not a port: give a number from 1 to 65535, e.g. PORT=3000 npm start` };
  if (await isPortFree(port)) return { port };
  return { problem: portTakenLine(port, await suggestedPort(port)) };
}

/**
 * A free port to suggest instead: the first of port + 10, + 20 … that is free (clear of the three after a
 * port, which its emulators take when they can), else any.
 */
export async function suggestedPort(port: number): Promise<number> {
  for (let candidate = port + 10; candidate <= Math.min(port + 100, 65_535); candidate += 10) {
    if (await isPortFree(candidate)) return candidate;
  }
  return freePort();
}

/** The line for a portal port another program holds, naming a free one to start on instead. */
export const portTakenLine = (port: number, free: number) =>
  `Port ${port} is in use (another npm start?): stop what uses it, or start on a free port, e.g. PORT=${free} npm start`;

/** Whether an error is the portal's own port being taken (it can be taken between the check and the listen). */
export const isPortTaken = (error: unknown, port: number) =>
  (error as { code?: unknown; port?: unknown } | null)?.code === 'EADDRINUSE' && (error as { port?: unknown }).port === port;
