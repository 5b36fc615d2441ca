import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import { API_VERSION, MAX_JSON_BODY_BYTES, apiMessages, type ApiResponse } from '../../shared/api';
import {
  contract,
  type CmdDefinition,
  type CmdName,
  type CmdParams,
  type CmdResult,
  type Endpoint,
} from '../../shared/contract';
import { authenticate, type Caller } from './auth';
import { ApiError, badRequest, forbidden } from './errors';
import { logger } from './logger';

/** What a handler gets besides its parsed params. */
export interface CallContext {
  /** The verified caller; null only for cmds whose role is `public`. */
  caller: Caller | null;
}

/** What a handler of a signed-in cmd gets: the caller is known. */
export interface AuthedContext extends CallContext {
  caller: Caller;
}

type HandlerFor<E extends Endpoint, C extends CmdName<E>> = (
  params: CmdParams<E, C>,
  ctx: Contract<E, C> extends { role: 'public' } ? CallContext : AuthedContext,
) => Promise<CmdResult<E, C>>;
type Contract<E extends Endpoint, C extends CmdName<E>> = (typeof contract)[E][C];

/** Every cmd of the endpoint must have a handler; the compiler checks the params and result types. */
export type EndpointHandlers<E extends Endpoint> = { [C in CmdName<E>]: HandlerFor<E, C> };

const error = (c: Context, status: ApiError['httpStatus'], message: string) =>
  c.json<ApiResponse<never>>({ status: 'error', message }, status);

/** Turns zod issues into one readable sentence: "first_name: First name is required". */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * One Hono app per endpoint, served at /api/{endpoint} (design §3). It parses the body, rejects unknown
 * cmds and invalid params, checks the caller's role and calls the cmd's handler with typed params.
 * Every failure is an error envelope with a fitting status; nothing leaks a stack trace.
 */
export function createEndpointApp<E extends Endpoint>(endpoint: E, handlers: EndpointHandlers<E>): Hono {
  const cmds = contract[endpoint] as Record<string, CmdDefinition>;
  const app = new Hono().basePath(`/api/${endpoint}`);

  app.onError((err, c) => {
    if (err instanceof ApiError) return error(c, err.httpStatus, err.message);
    logger.error('Unhandled error', { endpoint, error: err });
    return error(c, 500, apiMessages.internal);
  });
  app.notFound((c) => error(c, 404, apiMessages.unknownEndpoint));

  app.post(
    '/',
    bodyLimit({
      maxSize: MAX_JSON_BODY_BYTES,
      // The rest of the body is left unread, so the connection cannot be reused: say so.
      onError: (c) => {
        c.header('connection', 'close');
        return error(c, 413, apiMessages.bodyTooLarge);
      },
    }),
    async (c) => {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw badRequest(apiMessages.invalidJson);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(apiMessages.invalidJson);
      const { cmd, version, client: _client, ...rawParams } = body as Record<string, unknown>;
      if (typeof cmd !== 'string' || !cmd) throw badRequest(apiMessages.missingCmd);
      if (version !== undefined && Number(version) !== API_VERSION) throw badRequest(apiMessages.unsupportedVersion);
      const def = Object.hasOwn(cmds, cmd) ? cmds[cmd] : undefined;
      if (!def) throw badRequest(apiMessages.unknownCmd(endpoint, cmd));

      const caller = def.role === 'public' ? null : await authenticate(c.req.header('authorization'), def.token);
      if (def.role === 'admin' && !caller?.isAdmin) throw forbidden(apiMessages.adminOnly);

      const parsed = def.params.safeParse(rawParams);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues));

      const handler = handlers[cmd as CmdName<E>] as (params: unknown, ctx: CallContext) => Promise<unknown>;
      const data = await handler(parsed.data, { caller });
      return c.json<ApiResponse<unknown>>({ status: 'ok', data });
    },
  );
  app.all('/', (c) => error(c, 405, apiMessages.methodNotAllowed));
  return app;
}
