import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLaneLock, type LaneLock } from './lane-lock';

/** Asks for a turn in `lane`; `granted` settles when the lock says go. */
function ask(lock: LaneLock, lane: string, turns = 1): { socket: Socket; granted: Promise<void> } {
  const socket = connect(lock.port, '127.0.0.1');
  socket.setEncoding('utf8');
  const granted = new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.write(`${lane} ${turns}\n`);
  return { socket, granted };
}
const isGranted = (turn: { granted: Promise<void> }) =>
  Promise.race([turn.granted.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200))]);

describe('the lane lock', () => {
  let lock: LaneLock;
  const open: Socket[] = [];
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.destroy();
    await lock.close();
  });
  const turn = (lane: string, turns = 1) => {
    const asked = ask(lock, lane, turns);
    open.push(asked.socket);
    return asked;
  };

  it('gives one turn per lane at a time, in the order asked, and another lane its own at once', async () => {
    lock = await startLaneLock();
    const first = turn('stack-quiet');
    await first.granted;
    const second = turn('stack-quiet');
    const third = turn('stack-quiet');
    const browser = turn('stack-shared');
    expect(await isGranted(browser)).toBe(true);
    expect(await isGranted(second)).toBe(false);

    first.socket.end();
    expect(await isGranted(second)).toBe(true);
    expect(await isGranted(third)).toBe(false);
  });

  it('gives a lane with two turns two files at once, and the third the first turn given back', async () => {
    lock = await startLaneLock();
    const first = turn('stack-shared', 2);
    const second = turn('stack-shared', 2);
    await Promise.all([first.granted, second.granted]);
    const third = turn('stack-shared', 2);
    expect(await isGranted(third)).toBe(false);
    second.socket.end();
    expect(await isGranted(third)).toBe(true);
  });

  it('takes the turn back from a holder whose connection drops (a worker that died)', async () => {
    lock = await startLaneLock();
    const holder = turn('stack-shared');
    await holder.granted;
    const next = turn('stack-shared');
    expect(await isGranted(next)).toBe(false);
    holder.socket.destroy();
    expect(await isGranted(next)).toBe(true);
  });
});
