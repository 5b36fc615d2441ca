import { createServer, type Server, type Socket } from 'node:net';

/**
 * One file at a time per lane, across workers. Vitest limits workers per group of projects, not per
 * project, so the quiet lane (`stack-quiet`) shares its group's workers with the unit and component files,
 * and each of its files takes the lane's turn here first (test/support/lane.ts). A turn is an open
 * connection: the file holds it until its last hook, and a worker that dies gives it back by closing its socket.
 */
export interface LaneLock {
  port: number;
  close(): Promise<void>;
}

export async function startLaneLock(): Promise<LaneLock> {
  const waiting = new Map<string, Socket[]>();
  const grant = (lane: string) => waiting.get(lane)?.[0]?.write('go\n');

  const server: Server = createServer((socket) => {
    let lane: string | undefined;
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (lane !== undefined) return;
      asked += chunk;
      if (!asked.includes('\n')) return;
      lane = asked.slice(0, asked.indexOf('\n'));
      const queue = waiting.get(lane) ?? [];
      waiting.set(lane, [...queue, socket]);
      if (queue.length === 0) grant(lane);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (lane === undefined) return;
      const queue = waiting.get(lane) ?? [];
      const wasHolder = queue[0] === socket;
      waiting.set(lane, queue.filter((other) => other !== socket));
      if (wasHolder) grant(lane);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the lane lock has no port');
  return {
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
