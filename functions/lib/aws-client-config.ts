/**
 * What every AWS client of a function is created with: a connection that does not open within a second,
 * or an answer that does not come within a few seconds, fails, and is tried again at most once. So a
 * stalled DynamoDB, S3 or Cognito reaches the caller as an error answer within seconds, long before the
 * API gateway's 30 s cut-off, instead of holding the Lambda (and the user) until then.
 */
export const awsClientConfig = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
} as const;
