/** The wire format every endpoint shares (design §3). */
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
  unknownCmd: (endpoint: string, cmd: string) => `Unknown cmd "${cmd}" for endpoint ${endpoint}`,
  unknownEndpoint: 'Unknown endpoint',
  methodNotAllowed: 'Use POST for API calls',
  bodyTooLarge: `Request body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB`,
  missingToken: 'User is not authenticated',
  invalidToken: 'Invalid access token',
  expiredToken: 'Access token has expired',
  adminOnly: 'Only administrators may do this',
  internal: 'Unknown error, try again later',
} as const;
