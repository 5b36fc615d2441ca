/**
 * What every AWS client of a function is created with, so a stalled DynamoDB, S3, Cognito, Secrets
 * Manager or SES reaches the caller as a 503 error answer within seconds, long before the API gateway's
 * 30 s cut-off, instead of holding the Lambda (and the user) until then:
 * - a connection that does not open within a second fails (in AWS the endpoint is in the region: a
 *   connection takes milliseconds; locally the emulators are on 127.0.0.1);
 * - an answer whose first byte has not come within 4 s fails, and so does a socket idle for 4 s while an
 *   answer is read. DynamoDB answers a 1 MB Query page in well under a second; DynamoDB Local on a busy
 *   two-core machine, answering the 16 parallel shard Queries of a bulk admin list load, takes longer
 *   per page, and 4 s leaves it room without letting a frozen store hold the call;
 * - such a failure is tried once more (2 attempts, with the SDK's backoff), so one lost packet or one
 *   slow page is absorbed, throttling too, and the worst case stays near 2 × 4 s: a 503 in about 8 s,
 *   well inside the function's 20 s and the gateway's 30 s.
 * `throwOnRequestTimeout` makes the SDK fail rather than only warn at the request timeout (the SDK's
 * newer HTTP handler only warns by default); `socketTimeout` is the same limit for handlers that know
 * only it.
 */
export const AWS_CONNECTION_TIMEOUT_MS = 1_000;
export const AWS_REQUEST_TIMEOUT_MS = 4_000;
export const AWS_MAX_ATTEMPTS = 2;

export const awsClientConfig = {
  maxAttempts: AWS_MAX_ATTEMPTS,
  requestHandler: {
    connectionTimeout: AWS_CONNECTION_TIMEOUT_MS,
    requestTimeout: AWS_REQUEST_TIMEOUT_MS,
    throwOnRequestTimeout: true,
    socketTimeout: AWS_REQUEST_TIMEOUT_MS,
  },
} as const;
