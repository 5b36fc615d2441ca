import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import { API_VERSION, MAX_JSON_BODY_BYTES, apiMessages, type ApiResponse } from '../../shared/api';
import type { CmdDefinition, CmdName, CmdParams, CmdResult, EndpointContract } from '../../shared/contract/define';
import { API_PREFIX, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { secrets } from '../registry';
import { authenticate, bearerToken, type Caller } from './auth';
import { ApiError, badRequest, forbidden, isOutage } from './errors';
import { logger } from './logger';
import { getSecret } from './secrets';

/** What a handler gets besides its parsed params. */
export interface CallContext {
  /** The verified caller; null only for cmds whose role is `public`. */
  caller: Caller | null;
}

/** What a handler of a signed-in cmd gets: the caller is known. */
export interface AuthedContext extends CallContext {
  caller: Caller;
}

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;
type HandlerFor<C extends AnyContract, N extends CmdName<C>> = (
  params: CmdParams<C, N>,
  ctx: C['cmds'][N] extends { role: 'public' } ? CallContext : AuthedContext,
) => Promise<CmdResult<C, N>>;

/** Every cmd of the endpoint must have a handler; the compiler checks the params and result types. */
export type EndpointHandlers<C extends AnyContract> = { [N in CmdName<C>]: HandlerFor<C, N> };

const error = (c: Context, status: ApiError['httpStatus'], message: string) =>
  c.json<ApiResponse<never>>({ status: 'error', message }, status);

/** Turns zod issues into one readable sentence: "first_name: First name is required". */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      // An unknown key inside an object param is named with the param it was found in.
      const text = issue.code === 'unrecognized_keys' ? apiMessages.unknownParam(issue.keys) : issue.message;
      return issue.path.length ? `${issue.path.join('.')}: ${text}` : text;
    })
    .join('; ');
}

/**
 * Whether the request came through CloudFront, which adds the origin-verify header with the secret
 * value (compared in constant time). The local server plays CloudFront and adds it the same way.
 */
export async function isFromDistribution(c: Context): Promise<boolean> {
  const sent = c.req.header(ORIGIN_VERIFY_HEADER);
  if (!sent) return false;
  const expected = Buffer.from(await getSecret(secrets.originVerify.env));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The token of a cmd: the id token may come in the SSO call's `id-token` header, else in Authorization. */
const tokenFor = (c: Context, def: CmdDefinition) =>
  (def.token === 'id' ? bearerToken(c.req.header('id-token')) : undefined) ?? bearerToken(c.req.header('authorization'));

/**
 * One Hono app per endpoint, served at /api/{path}. It refuses requests that did not come
 * through the distribution, parses the body, rejects unknown cmds and invalid or unknown params, checks
 * the caller's session and role and calls the cmd's handler with typed params. Every failure is an
 * error envelope with a fitting status (a store or sign-in outage is a 503); nothing leaks a stack trace.
 */
export function createEndpointApp<C extends AnyContract>(contract: C, handlers: EndpointHandlers<C>): Hono {
  const cmds = contract.cmds as Record<string, CmdDefinition>;
  const app = new Hono().basePath(`${API_PREFIX}/${contract.path}`);

  app.onError((err, c) => {
    if (err instanceof ApiError) return error(c, err.httpStatus, err.message);
    if (isOutage(err)) {
      logger.warn('A service the API depends on did not answer', { endpoint: contract.path, error: err });
      return error(c, 503, apiMessages.unavailable);
    }
    logger.error('Unhandled error', { endpoint: contract.path, error: err });
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
      if (!(await isFromDistribution(c))) throw forbidden(apiMessages.directCall);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw badRequest(apiMessages.invalidJson);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(apiMessages.invalidJson);
      const { cmd = contract.defaultCmd, version, client: _client, ...rawParams } = body as Record<string, unknown>;
      if (typeof cmd !== 'string' || !cmd) throw badRequest(apiMessages.missingCmd);
      if (version !== undefined && Number(version) !== API_VERSION) throw badRequest(apiMessages.unsupportedVersion);
      const def = Object.hasOwn(cmds, cmd) ? cmds[cmd] : undefined;
      if (!def) throw badRequest(apiMessages.unknownCmd(contract.path, cmd));

      const caller = def.role === 'public' ? null : await authenticate(tokenFor(c, def), def.token);
      if (def.role === 'admin' && !caller?.isAdmin) {
        throw forbidden(caller?.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
      }

      const parsed = def.params.safeParse(rawParams);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues));

      const handler = handlers[cmd as CmdName<C>] as (params: unknown, ctx: CallContext) => Promise<unknown>;
      const data = await handler(parsed.data, { caller });
      return c.json<ApiResponse<unknown>>({ status: 'ok', data });
    },
  );
  app.all('/', (c) => error(c, 405, apiMessages.methodNotAllowed));
  return app;
}
