/**
 * The wire format every endpoint shares: POST {cmd, version, client, ...params}, answered with
 * {status: 'ok', data} or {status: 'error', message} and a fitting HTTP status.
 */
export const API_VERSION = 2020;
export const API_CLIENT = 'web';

export type ApiOk<T> = { status: 'ok'; data: T };
export type ApiError = { status: 'error'; message: string };
export type ApiResponse<T> = ApiOk<T> | ApiError;

/** Largest JSON request body the API accepts. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;

/** Error texts the API answers with; clients may show them as they are. */
export const apiMessages = {
  invalidJson: 'Request body must be a JSON object',
  missingCmd: 'Request body must name a cmd',
  unsupportedVersion: `Unsupported API version, expected ${API_VERSION}`,
  /** Names the cmd only when it is short and plain, so an answer never carries back what a caller sent. */
  unknownCmd: (endpoint: string, cmd: string) =>
    /^[\w.-]{1,40}$/.test(cmd) ? `Unknown cmd "${cmd}" for endpoint ${endpoint}` : `Unknown cmd for endpoint ${endpoint}`,
  unknownParam: (names: string[]) => `Unknown parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
  unknownEndpoint: 'Unknown endpoint',
  methodNotAllowed: 'Use POST for API calls',
  bodyTooLarge: `Request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`,
  missingToken: 'User is not authenticated',
  invalidToken: 'Invalid access token',
  expiredToken: 'Access token has expired',
  adminOnly: 'Only administrators may do this',
  userNotFound: (id: number) => `User ${id} not found`,
  /** An admin without two-factor sign-in set up (members of Admin must use it). */
  adminNeedsMfa: 'Set up two-factor sign-in to use administrator functions',
  /** The request did not come through the portal's own address (CloudFront). */
  directCall: 'Call the API through the portal',
  /** A store or the sign-in service did not answer: nothing changed, try again; not a session error. */
  unavailable: 'The service is unavailable right now, try again shortly',
  internal: 'Unknown error, try again later',
} as const;
