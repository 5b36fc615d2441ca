import autocannon from 'autocannon';

/**
 * One load whose connections each send a body of their own (`bodies`, one per connection in turn): the
 * seat protocol's writes, where each desktop app renews its own license's seat and two apps never renew
 * the same seat at the same moment. Run as its own process, as the CLI loads are; prints autocannon's result as JSON.
 */
const { url, headers, bodies, connections, duration } = JSON.parse(process.argv[2]!) as {
  url: string;
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  duration: number;
};
let next = 0;
const result = await autocannon({
  url,
  method: 'POST',
  headers,
  body: bodies[0],
  connections,
  duration,
  setupClient: (client) => client.setBody(bodies[next++ % bodies.length]!),
});
process.stdout.write(JSON.stringify(result));
