import { connect } from 'node:net';
import { afterAll, inject } from 'vitest';

/**
 * Setup file of the stack lanes: waits for one of this lane's turns (test/support/lane-lock.ts) before the
 * test file loads, and gives it back after the file's last hook. So no more of a lane's files run at once
 * on its stack than it has turns, while the other lane's run beside them on their own stack.
 */
const { lane, lockPort } = inject('lane');
const turns = inject('laneTurns');

const socket = connect(lockPort, '127.0.0.1');
await new Promise<void>((resolve, reject) => {
  socket.setEncoding('utf8');
  socket.once('error', reject);
  socket.once('data', () => resolve());
  socket.write(`${lane} ${turns}\n`);
});
// The turn is held as long as the socket is open; it must not keep the worker alive on its own.
socket.unref();

afterAll(async () => {
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.end();
  });
});
