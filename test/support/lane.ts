import { connect } from 'node:net';
import { afterAll, inject } from 'vitest';

/**
 * Setup file of the stack lanes: waits for this lane's turn (test/support/lane-lock.ts) before the test
 * file loads, and gives it back after the file's last hook. So the files of one lane run one after
 * another while the other lane's run beside them on the same stack.
 */
const { lane, lockPort } = inject('lane');

const socket = connect(lockPort, '127.0.0.1');
await new Promise<void>((resolve, reject) => {
  socket.setEncoding('utf8');
  socket.once('error', reject);
  socket.once('data', () => resolve());
  socket.write(`${lane}\n`);
});
// The turn is held as long as the socket is open; it must not keep the worker alive on its own.
socket.unref();

afterAll(async () => {
  await new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.end();
  });
});
