import { createServer, type Server, type Socket } from 'node:net';

/**
 * A number of turns per lane, across workers. Vitest limits workers per group of projects, not per
 * project, so every stack file takes one of its lane's turns here first (test/support/lane.ts): the quiet
 * lane (`stack-quiet`) has one, so its files run one at a time on their stack; the shared lane
 * (`stack-shared`) has as many as files that may run beside each other on theirs. A turn is an open
 * connection: the file holds it until its last hook, and a worker that dies gives it back by closing its
 * socket. A file asks with its lane's name and turns (`stack-shared 2`).
 */
export interface LaneLock {
  port: number;
  close(): Promise<void>;
}

interface Lane {
  turns: number;
  holders: Set<Socket>;
  waiting: Socket[];
}

export async function startLaneLock(): Promise<LaneLock> {
  const lanes = new Map<string, Lane>();
  const grant = (lane: Lane) => {
    while (lane.holders.size < lane.turns && lane.waiting.length > 0) {
      const next = lane.waiting.shift()!;
      lane.holders.add(next);
      next.write('go\n');
    }
  };

  const server: Server = createServer((socket) => {
    let lane: Lane | undefined;
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (lane !== undefined) return;
      asked += chunk;
      if (!asked.includes('\n')) return;
      const [name = '', turns = '1'] = asked.slice(0, asked.indexOf('\n')).split(' ');
      lane = lanes.get(name) ?? { turns: Math.max(1, Number(turns) || 1), holders: new Set(), waiting: [] };
      lanes.set(name, lane);
      lane.waiting.push(socket);
      grant(lane);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (lane === undefined) return;
      lane.waiting = lane.waiting.filter((other) => other !== socket);
      if (lane.holders.delete(socket)) grant(lane);
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
