import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod/mini';
import { API_VERSION, MAX_JSON_BODY_BYTES, MULTIPART_OVERHEAD_BYTES, apiMessages, type ApiResponse } from '../../shared/api';
import type { CmdDefinition, CmdName, CmdParams, CmdResult, EndpointContract } from '../../shared/contract/define';
import { API_PREFIX, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { secrets } from '../registry';
import { acceptsGzip, longListBody, wholeJson } from './answer-body';
import { noteCallCmd, withCall } from './call-context';
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

/** The secret's bytes, made once per value (it is compared on every request; a rotated value gets its own). */
let secretBuffer: { value: string; bytes: Buffer } | undefined;
function secretBytes(value: string): Buffer {
  if (secretBuffer?.value !== value) secretBuffer = { value, bytes: Buffer.from(value) };
  return secretBuffer.bytes;
}

/**
 * Whether the request came through CloudFront, which adds the origin-verify header with the secret
 * value (compared in constant time). The local server plays CloudFront and adds it the same way.
 */
export async function isFromDistribution(c: Context): Promise<boolean> {
  const sent = c.req.header(ORIGIN_VERIFY_HEADER);
  if (!sent) return false;
  const expected = secretBytes(await getSecret(secrets.originVerify.env));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * How much of a refused body is still read (and dropped) before the 413 is answered. A browser that is
 * still sending when the answer comes sees a broken connection, not the answer: reading the rest lets it
 * show the message. API Gateway takes no body over 10 MB, so in AWS the whole body is always here.
 */
const DRAIN_LIMIT_BYTES = 10 * 1024 * 1024;

/** Reads a body to its end and drops it; false when it could not (already being read, or over the drain limit). */
export async function drain(body: ReadableStream<Uint8Array> | null): Promise<boolean> {
  if (!body || body.locked) return false;
  const reader = body.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    read += value.byteLength;
    if (read > DRAIN_LIMIT_BYTES) {
      await reader.cancel();
      return false;
    }
  }
}

/** The body's length as the Content-Length header declares it; undefined when a chunked body declares none. */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return parseInt(length, 10) || 0;
}

/** Whether the body is a multipart form (an upload); any other body is read as JSON. */
const isMultipart = (c: Context) => c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/** A JSON body as an object of fields; anything else is a 400. */
async function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest(apiMessages.invalidJson);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(apiMessages.invalidJson);
  return body as Record<string, unknown>;
}

/** A multipart body as its fields: text, or a File; a field given twice is refused rather than guessed. */
async function readForm(c: Context): Promise<Record<string, unknown>> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(apiMessages.invalidMultipart);
  }
  for (const [name, value] of Object.entries(form)) {
    if (Array.isArray(value)) throw badRequest(apiMessages.repeatedField(name.replace(/[^\w.-]/g, '').slice(0, 40)));
  }
  return form;
}

/** The Lambda invocation's request id, when the app runs in Lambda (hono/aws-lambda passes the context). */
const lambdaRequestId = (c: Context): string | undefined =>
  (c.env as { lambdaContext?: { awsRequestId?: string } } | undefined)?.lambdaContext?.awsRequestId;

/**
 * Every line logged during a call carries its endpoint and its request id (Lambda's in AWS, a fresh one
 * locally), and the cmd once the body names it; the keys belong to this call only and end with it.
 */
export const callLogKeys =
  (endpoint: string): MiddlewareHandler =>
  (c, next) => {
    const request_id = lambdaRequestId(c) ?? randomUUID();
    // The same call as the audit trail sees it (call-context.ts): its entries carry the request id of its log lines.
    // Answered too, so a caller (support, a test) can name the call whose entry or log lines it looks for.
    c.header('x-request-id', request_id);
    // The logger reads the call's keys from this same record (logger.ts).
    return withCall({ endpoint, request_id }, () => next());
  };

/**
 * The answer's JSON: one text, or a long list written within Lambda's limit, gzip-compressed for a caller
 * that accepts it (answer-body.ts); one that does not fit is refused with what to do instead. Every call
 * answers here: the one text is sent at once, without the waits and the Accept-Encoding reading that only
 * a long list needs.
 */
function answer(c: Context, envelope: ApiResponse<unknown>): Response | Promise<Response> {
  const text = wholeJson(envelope);
  return text === undefined ? longAnswer(c, envelope) : c.body(text, 200, { 'content-type': 'application/json' });
}

/** An answer holding a long list (answer-body.ts). */
async function longAnswer(c: Context, envelope: ApiResponse<unknown>): Promise<Response> {
  const body = await longListBody(envelope, acceptsGzip(c.req.header('accept-encoding')));
  if (body.kind === 'too-large') throw body.gzip ? badRequest(apiMessages.answerTooLarge) : new ApiError(406, apiMessages.answerNeedsGzip);
  return c.body(body.bytes, 200, {
    'content-type': 'application/json',
    vary: 'accept-encoding',
    ...(body.gzip ? { 'content-encoding': 'gzip' } : {}),
  });
}

/** The token of a cmd: the id token may come in the SSO call's `id-token` header, else in Authorization. */
const tokenFor = (c: Context, def: CmdDefinition) =>
  (def.token === 'id' ? bearerToken(c.req.header('id-token')) : undefined) ?? bearerToken(c.req.header('authorization'));

/**
 * A signed-in GET below the endpoint's path (`:name` parts are its params) that answers where the thing
 * asked for is (a short-lived link), for a caller who may have it: the app redirects there (302).
 */
export type RedirectHandler = (params: Record<string, string>, ctx: AuthedContext) => Promise<string>;

/**
 * One Hono app per endpoint, served at /api/{path} (and its `redirects` below it, GETs). It refuses
 * requests that did not come through the distribution, parses the body (JSON, or a multipart form for an upload cmd), rejects unknown cmds and invalid or unknown params, checks
 * the caller's session and role and calls the cmd's handler with typed params. Every failure is an
 * error envelope with a fitting status (a store or sign-in outage is a 503); nothing leaks a stack trace.
 */
export function createEndpointApp<C extends AnyContract>(contract: C, handlers: EndpointHandlers<C>, redirects: Record<string, RedirectHandler> = {}): Hono {
  const cmds = contract.cmds as Record<string, CmdDefinition>;
  const root = new Hono();
  const app = root.basePath(`${API_PREFIX}/${contract.path}`);

  app.onError((err, c) => {
    if (err instanceof ApiError) return error(c, err.httpStatus, err.message);
    if (isOutage(err)) {
      logger.warn('A service the API depends on did not answer', { error: err });
      return error(c, 503, apiMessages.unavailable);
    }
    logger.error('Unhandled error', { error: err });
    return error(c, 500, apiMessages.internal);
  });
  app.notFound((c) => error(c, 404, apiMessages.unknownEndpoint));

  // A JSON body may be MAX_JSON_BODY_BYTES; a multipart form as large as the endpoint's largest upload
  // allows (plus its other fields). Either is refused before it is parsed.
  const uploadLimit = Math.max(0, ...Object.values(cmds).map((def) => def.upload?.maxBytes ?? 0));
  const tooLarge = (message: string) => async (c: Context) => {
    // A body left unread cannot let the connection be reused: say so.
    if (!(await drain(c.req.raw.body))) c.header('connection', 'close');
    return error(c, 413, message);
  };
  const json = { maxSize: MAX_JSON_BODY_BYTES, message: apiMessages.bodyTooLarge };
  const form = uploadLimit ? { maxSize: uploadLimit + MULTIPART_OVERHEAD_BYTES, message: apiMessages.fileTooLarge(uploadLimit) } : json;
  const jsonLimit = bodyLimit({ maxSize: json.maxSize, onError: tooLarge(json.message) });
  const formLimit = uploadLimit ? bodyLimit({ maxSize: form.maxSize, onError: tooLarge(form.message) }) : jsonLimit;

  app.use(callLogKeys(contract.path));

  app.post(
    '/',
    (c, next) => {
      const multipart = isMultipart(c);
      // A declared length is judged from the header alone, as bodyLimit itself would; only a body without
      // one goes through bodyLimit, whose look at the stream makes the Node adapter wrap the request in
      // web streams (locally the largest cost of a small call).
      const declared = declaredLength(c);
      if (declared === undefined) return (multipart ? formLimit : jsonLimit)(c, next);
      const limit = multipart ? form : json;
      return declared > limit.maxSize ? tooLarge(limit.message)(c) : next();
    },
    async (c) => {
      if (!(await isFromDistribution(c))) throw forbidden(apiMessages.directCall);
      const multipart = isMultipart(c);
      const body = multipart ? await readForm(c) : await readJson(c);
      const { cmd = contract.defaultCmd, version, client: _client, ...otherParams } = body;
      if (typeof cmd !== 'string' || !cmd) throw badRequest(apiMessages.missingCmd);
      const def = Object.hasOwn(cmds, cmd) ? cmds[cmd] : undefined;
      // A cmd whose own param is `version` (a release version) takes the field; any other call's is the API version.
      if (!def?.ownVersion && version !== undefined && Number(version) !== API_VERSION) throw badRequest(apiMessages.unsupportedVersion);
      const rawParams = def?.ownVersion && version !== undefined ? { ...otherParams, version } : otherParams;
      const notOffered = contract.notOfferedCmds && Object.hasOwn(contract.notOfferedCmds, cmd) ? contract.notOfferedCmds[cmd] : undefined;
      if (!def && notOffered) throw new ApiError(410, notOffered);
      if (!def) throw badRequest(apiMessages.unknownCmd(contract.path, cmd));
      noteCallCmd(cmd);

      const caller = def.role === 'public' ? null : await authenticate(tokenFor(c, def), def.token);
      if (def.role === 'admin' && !caller?.isAdmin) {
        throw forbidden(caller?.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
      }

      // An upload cmd takes a form with its file, any other cmd JSON; a file over the cmd's own limit is
      // refused as too large, before its params are parsed (and so before its handler stores anything).
      if (multipart !== Boolean(def.upload)) throw badRequest(def.upload ? apiMessages.multipartRequired : apiMessages.jsonRequired);
      if (def.upload) {
        const { maxBytes } = def.upload;
        if (Object.values(rawParams).some((value) => value instanceof File && value.size > maxBytes)) {
          throw new ApiError(413, apiMessages.fileTooLarge(maxBytes));
        }
      }

      const parsed = def.params.safeParse(rawParams);
      if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues));

      const handler = handlers[cmd as CmdName<C>] as (params: unknown, ctx: CallContext) => Promise<unknown>;
      const data = await handler(parsed.data, { caller });
      return answer(c, { status: 'ok', data });
    },
  );
  app.all('/', (c) => error(c, 405, apiMessages.methodNotAllowed));
  for (const [path, redirect] of Object.entries(redirects)) {
    app.get(path, async (c) => {
      if (!(await isFromDistribution(c))) throw forbidden(apiMessages.directCall);
      const caller = await authenticate(bearerToken(c.req.header('authorization')));
      const location = await redirect(c.req.param() as Record<string, string>, { caller });
      return c.body(null, 302, { location, 'cache-control': 'no-store' });
    });
  }
  // An endpoint the portal does not offer answers its message to anything sent (decision 036). Its routes
  // share the app's router (basePath clones share it), so this app's fetch serves them too.
  for (const [path, message] of Object.entries(contract.notOfferedEndpoints ?? {})) {
    root.basePath(`${API_PREFIX}/${path}`).all('/', (c) => error(c, 410, message));
  }
  return app;
}
