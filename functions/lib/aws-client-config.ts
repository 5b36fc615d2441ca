/**
 * What every AWS client of a function is created with, so a stalled DynamoDB, S3, Cognito, Secrets
 * Manager or SES reaches the caller as a 503 error answer within seconds, long before the API gateway's
 * 30 s cut-off, instead of holding the Lambda (and the user) until then:
 * - a connection that does not open within a second fails (in AWS the endpoint is in the region: a
 *   connection takes milliseconds; locally the emulators are on 127.0.0.1);
 * - an answer whose first byte has not come within 4 s fails. DynamoDB answers a 1 MB Query page in well
 *   under a second, Cognito, Secrets Manager, S3 and SES their calls too; 4 s leaves DynamoDB Local room
 *   on a busy two-core machine without letting a frozen store hold the call. A bulk read (the shard
 *   Queries of an admin list's cold load, 16 in parallel, each page built whole before its first byte)
 *   passes BULK_READ_OPTIONS for more;
 * - a socket silent for 10 s while an answer is read fails (a stall in the middle of an answer);
 * - such a failure is tried once more (2 attempts, with the SDK's backoff), so one lost packet or one
 *   slow page is absorbed, throttling too, and the worst case stays near 2 × 4 s: a 503 in about 8 s,
 *   well inside the function's 20 s and the gateway's 30 s.
 * `throwOnRequestTimeout` makes the SDK fail rather than only warn at the request timeout (the SDK's
 * current HTTP handler only warns by default; older ones took `requestTimeout` for a socket idle limit,
 * which throws).
 */
export const AWS_CONNECTION_TIMEOUT_MS = 1_000;
export const AWS_REQUEST_TIMEOUT_MS = 4_000;
export const AWS_SOCKET_IDLE_TIMEOUT_MS = 10_000;
export const AWS_MAX_ATTEMPTS = 2;

export const functionClientConfig = {
  maxAttempts: AWS_MAX_ATTEMPTS,
  requestHandler: {
    connectionTimeout: AWS_CONNECTION_TIMEOUT_MS,
    requestTimeout: AWS_REQUEST_TIMEOUT_MS,
    throwOnRequestTimeout: true,
    socketTimeout: AWS_SOCKET_IDLE_TIMEOUT_MS,
  },
} as const;

/**
 * A bulk tool's own process (`npm run seed:scale`) is patient instead: nobody waits for an answer, and on a
 * busy machine the local emulator takes longer than a function's 4 s to write a batch. A minute per
 * request and more attempts; the tool retries a failed batch itself and says how far it got. The tool
 * sets BULK_TOOL_ENV in its process before it creates any client; functions never have it.
 */
export const BULK_TOOL_ENV = 'PORTAL_BULK_TOOL';
export const bulkToolClientConfig = {
  maxAttempts: 5,
  requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true, socketTimeout: 60_000 },
} as const;

/** The client settings of a process with this environment: a function's, or a bulk tool's. */
export const clientConfigFor = (env: Readonly<Record<string, string | undefined>>) => (env[BULK_TOOL_ENV] ? bulkToolClientConfig : functionClientConfig);

export const awsClientConfig = clientConfigFor(process.env);

/** The options of one bulk read's `send`: its answer may take up to the socket limit to start. */
export const BULK_READ_OPTIONS = { requestTimeout: AWS_SOCKET_IDLE_TIMEOUT_MS } as const;
