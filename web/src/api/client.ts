import { API_CLIENT, API_VERSION, apiMessages, type ApiResponse } from '../../../shared/api';
import type { CmdDefinition, CmdInput, CmdName, CmdResult, EndpointContract } from '../../../shared/contract/define';
import { getConfig } from '../config';
import { NoSessionError, SessionUnavailableError, getAccessToken, getIdToken, signOut } from '../session/session';
import { noResponseText } from './no-response';

/**
 * A failed API call: the message (shown as is), the HTTP status (0 when nothing answered) and whether the
 * message is for the user as it is: the server's own (an error envelope), or the product's text for an
 * endpoint that did not answer (no-response.ts), rather than the client's description of a failure.
 */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  constructor(
    message: string,
    readonly httpStatus: number,
    readonly fromServer = false,
  ) {
    super(message);
  }
}

export const clientMessages = {
  network: 'Cannot reach the server, check your connection and try again',
  badResponse: (status: number) => `Unexpected answer from the server (HTTP ${status}), try again later`,
} as const;

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;

/**
 * An upload cmd's body: a multipart form of cmd, version, client and the params, a file as a
 * file part and anything else as text. The browser sets its content type with the boundary.
 */
function uploadForm(cmd: string, params: object): FormData {
  const form = new FormData();
  form.append('cmd', cmd);
  form.append('version', String(API_VERSION));
  form.append('client', API_CLIENT);
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, String(value));
  }
  return form;
}

/**
 * Calls `cmd` of an endpoint: POST {apiBase}/{path} with {cmd, version, client, ...params} (an upload
 * cmd's as a multipart form) and, unless the contract marks the cmd public, the access token (the id token where the contract says
 * so). The endpoint's contract module (shared/contract/{endpoint}.ts) types params and result, and only
 * the modules a page uses are in its chunk. An error envelope rejects with ApiCallError; a session error
 * (HTTP 401) signs out and reloads the page; an outage (503) is shown, never a sign-out.
 */
export async function call<C extends AnyContract, N extends CmdName<C>>(
  contract: C,
  cmd: N,
  params: CmdInput<C, N>,
): Promise<CmdResult<C, N>> {
  const definition = contract.cmds[cmd];
  const headers: Record<string, string> = definition?.upload ? {} : { 'content-type': 'application/json' };
  if (definition?.role !== 'public') {
    try {
      const token = definition?.token === 'id' ? await getIdToken() : await getAccessToken();
      headers.authorization = `Bearer ${token}`;
    } catch (error) {
      if (error instanceof NoSessionError) {
        void signOut();
        throw new ApiCallError(error.message, 401);
      }
      // The session could not be renewed for now: say so as an outage of the call (try again), signed in still.
      if (error instanceof SessionUnavailableError) {
        throw new ApiCallError(noResponseText(contract.path, 503) ?? apiMessages.unavailable, 503, true);
      }
      throw error;
    }
  }

  let response: Response;
  try {
    response = await fetch(`${getConfig().apiBase}/${contract.path}`, {
      method: 'POST',
      headers,
      body: definition?.upload
        ? uploadForm(cmd, params as object)
        : // A cmd whose own param is `version` sends that, not the API version (CmdDefinition.ownVersion).
          JSON.stringify({ ...(definition?.ownVersion ? {} : { version: API_VERSION }), ...(params as object), cmd, client: API_CLIENT }),
    });
  } catch {
    const text = noResponseText(contract.path, 0);
    throw new ApiCallError(text ?? clientMessages.network, 0, text !== undefined);
  }

  if (response.status === 401) {
    void signOut();
    throw new ApiCallError(apiMessages.missingToken, 401);
  }

  // An endpoint with words of its own for not answering (the license server) says them for any 5xx.
  const noResponse = noResponseText(contract.path, response.status);
  if (noResponse) throw new ApiCallError(noResponse, response.status, true);

  let body: ApiResponse<CmdResult<C, N>>;
  try {
    body = (await response.json()) as ApiResponse<CmdResult<C, N>>;
  } catch {
    throw new ApiCallError(clientMessages.badResponse(response.status), response.status);
  }
  if (body?.status === 'ok') return body.data;
  if (body?.status === 'error' && typeof body.message === 'string') {
    throw new ApiCallError(body.message, response.status, true);
  }
  throw new ApiCallError(clientMessages.badResponse(response.status), response.status);
}
