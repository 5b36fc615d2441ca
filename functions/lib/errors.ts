import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error whose message is meant for the caller, answered as `{status: "error", message}`. */
export class ApiError extends Error {
  constructor(
    readonly httpStatus: ContentfulStatusCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message: string) => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unavailable = (message: string) => new ApiError(503, message);

const outageNames = new Set([
  'TimeoutError',
  'RequestTimeout',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalFailure',
  'InternalErrorException',
  'ThrottlingException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
]);
const outageCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * Whether an error means a service we depend on did not answer (a store, Cognito, a key set): a 503
 * the caller may retry, never a session error. Read from the SDK's error shape and Node's socket codes.
 */
export function isOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { name?: string; code?: string; cause?: unknown; $metadata?: { httpStatusCode?: number }; $fault?: string };
  if (e.name && outageNames.has(e.name)) return true;
  if (e.code && outageCodes.has(e.code)) return true;
  if (e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  return e.cause !== undefined && e.cause !== error && isOutage(e.cause);
}
