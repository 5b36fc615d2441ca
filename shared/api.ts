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

/** The form field of an upload cmd's file (uploads are multipart with cmd, version, client, uploaded_file). */
export const UPLOAD_FILE_FIELD = 'uploaded_file';

/**
 * What a multipart body may carry besides its file: the other fields and the part boundaries. A body
 * larger than the file limit plus this is refused before it is read.
 */
export const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** A byte count as people read it: 1 MB, 256 KB, 900 bytes (1 KB = 1024 bytes). */
export function describeSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

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
  bodyTooLarge: `Request body is larger than ${describeSize(MAX_JSON_BODY_BYTES)}`,
  /** An upload whose file (or whole form) is over the cmd's limit: nothing of it is stored. */
  fileTooLarge: (maxBytes: number) => `The file is larger than ${describeSize(maxBytes)}, the most an upload may be`,
  /** A JSON body (or no file) for a cmd that takes a file. */
  multipartRequired: `This cmd takes a file: send a multipart form with cmd, version, client and ${UPLOAD_FILE_FIELD}`,
  /** A multipart form for a cmd that takes JSON. */
  jsonRequired: 'This cmd takes a JSON body, not a multipart form',
  invalidMultipart: 'Request body must be a readable multipart form',
  /** A form field sent twice: which one counts would be a guess. */
  repeatedField: (name: string) => `${name}: given more than once`,
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
  /** An answer over what the API may send uncompressed, to a caller that does not take gzip. */
  answerNeedsGzip: 'The answer is too large to send uncompressed: accept a gzip answer (Accept-Encoding: gzip), or ask for fewer rows (limit)',
  /** An answer over what the API may send even compressed. */
  answerTooLarge: 'The answer is too large to send: ask for fewer rows (limit)',
} as const;

/**
 * What a client gets for the names the portal does not offer (docs/decisions/036): where to go instead.
 * Sign-up goes to the sign-in service, so no password ever reaches the API; a newsletter subscription
 * changes only with the signed-in user's own profile, never by a user id anyone may send.
 */
export const notOfferedMessages = {
  registerUser:
    'register_user is not offered: sign up at /register in the portal (accounts are created by the sign-in service, which alone takes passwords); then call the API with the access token',
  mailchimp:
    'The mailchimp endpoint is not offered: the newsletter is chosen when signing up at /register in the portal, and left by the unsubscribe link in any newsletter; nobody changes another user\'s subscription',
} as const;
