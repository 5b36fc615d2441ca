import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { AWS_REQUEST_TIMEOUT_MS, BULK_READ_OPTIONS, BULK_TOOL_ENV, awsClientConfig, clientConfigFor } from './aws-client-config';
import { isOutage } from './errors';

/** A bulk read of this table is answered, slower than a call may take but within a bulk read's limit. */
const SLOW_TABLE = 'slow-bulk';
const SLOW_ANSWER_MS = AWS_REQUEST_TIMEOUT_MS + 500;

/**
 * A stalled service: it accepts connections and reads requests but never answers, as DynamoDB Local does
 * when its process is stopped (the kernel still accepts connections for it); except a Query of SLOW_TABLE,
 * answered late.
 */
const sockets = new Set<Socket>();
const stalled = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    if (!body.includes(`"TableName":"${SLOW_TABLE}"`)) return;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end(JSON.stringify({ Items: [{ pk: { S: 'a' } }], Count: 1, ScannedCount: 1 }));
    }, SLOW_ANSWER_MS);
  });
});
stalled.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
});
const port = await new Promise<number>((resolve) => stalled.listen(0, '127.0.0.1', () => resolve((stalled.address() as AddressInfo).port)));
const endpoint = `http://127.0.0.1:${port}`;

// The functions' own clients find their endpoint and credentials in the environment, as in Lambda.
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'stalled',
  AWS_SECRET_ACCESS_KEY: 'stalled',
  AWS_ENDPOINT_URL_DYNAMODB: endpoint,
  AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoint,
  AWS_ENDPOINT_URL_SECRETS_MANAGER: endpoint,
  STALLED_SECRET_SECRET_ID: 'stalled-secret',
});

afterAll(async () => {
  sockets.forEach((socket) => socket.destroy());
  await new Promise((resolve) => stalled.close(resolve));
});

/** How a call to the stalled service ends: the error, which the dispatcher must take for an outage (503). */
async function failureOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call to a stalled service succeeded');
}

describe('every AWS client of a function, against a service that never answers', () => {
  // Bounded by the test's own timeout: two attempts of the request timeout, with the SDK's backoff.
  it('fails with a timeout the dispatcher answers as an outage', { timeout: 20_000 }, async () => {
    const { documentClient } = await import('./db/table');
    const { cognito } = await import('./cognito');
    const { getSecret } = await import('./secrets');
    const s3 = new S3Client({ ...awsClientConfig, endpoint, forcePathStyle: true });

    const failures = await Promise.all([
      failureOf(() => documentClient.send(new GetCommand({ TableName: 't', Key: { pk: 'x', sk: 'y' } }))),
      failureOf(async () => {
        const { sdk, client } = await cognito();
        await client.send(new sdk.AdminGetUserCommand({ UserPoolId: 'us-east-1_x', Username: 'u' }));
      }),
      failureOf(() => getSecret('STALLED_SECRET')),
      failureOf(() => s3.send(new GetObjectCommand({ Bucket: 'b', Key: 'k' }))),
    ]);
    for (const failure of failures) {
      expect((failure as Error).name).toBe('TimeoutError');
      expect(isOutage(failure)).toBe(true);
    }
  });

  it('lets a bulk read take longer than a call, as a cold list load of 16 shards at once may', { timeout: 20_000 }, async () => {
    const { documentClient } = await import('./db/table');
    const page = await documentClient.send(
      new QueryCommand({ TableName: SLOW_TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'a' } }),
      BULK_READ_OPTIONS,
    );
    expect(page.Items).toEqual([{ pk: 'a' }]);
  });

  it("keeps a function's 4 s limit, and gives a bulk tool's process a patient one", () => {
    expect(clientConfigFor({}).requestHandler.requestTimeout).toBe(AWS_REQUEST_TIMEOUT_MS);
    expect(awsClientConfig.requestHandler.requestTimeout).toBe(AWS_REQUEST_TIMEOUT_MS);
    const bulk = clientConfigFor({ [BULK_TOOL_ENV]: '1' });
    expect(bulk.requestHandler.requestTimeout).toBeGreaterThanOrEqual(60_000);
    expect(bulk.maxAttempts).toBeGreaterThan(awsClientConfig.maxAttempts);
  });
});
