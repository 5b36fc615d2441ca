import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono/tiny';
import type * as z from 'zod/mini';
import { API_VERSION, MAX_JSON_BODY_BYTES, MULTIPART_OVERHEAD_BYTES, apiMessages, type ApiResponse } from '../../shared/api';
import type { CmdDefinition, CmdName, CmdParams, CmdResult, EndpointContract } from '../../shared/contract/define';
import { API_PREFIX } from '../../shared/runtime';
import { acceptsGzip, longListBody, wholeJson } from './answer-body';
import { authenticate, bearerToken, knownCaller } from './auth';
import { noteCallActor, type CallRecord } from './call-context';
import type { Caller, Viewer } from './caller';
import { outcomeOf, takeLimits, type CallOutcome } from './cmd-limits';
import { ApiError, badRequest, forbidden, isOutage } from './errors';
import { logger } from './logger';
import { bodyWithin, callLogKeys, errorAnswer, fromDistribution, type BodyLimit, type CallRecordEnv } from './request';
import type { RevocationCheck } from './session-check';

/** What a handler of a public cmd gets besides its params: nobody is known. */
export interface PublicContext {
  viewer: null;
}

/** What a handler of a signed-in cmd gets besides its params: the caller, resolved once by the pipeline. */
export interface SignedInContext<V extends Viewer = Viewer> {
  viewer: V;
}

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;
type HandlerFor<C extends AnyContract, N extends CmdName<C>, V extends Viewer> = (
  params: CmdParams<C, N>,
  ctx: C['cmds'][N] extends { role: 'public' } ? PublicContext : SignedInContext<V>,
) => Promise<CmdResult<C, N>>;

/** Every cmd of the endpoint must have a handler; the compiler checks the params and result types. */
export type EndpointHandlers<C extends AnyContract, V extends Viewer = Viewer> = { [N in CmdName<C>]: HandlerFor<C, N, V> };

/**
 * A signed-in GET below the endpoint's path (`:name` parts are its params) that answers where the thing
 * asked for is (a short-lived link), for a caller who may have it: the app redirects there (302).
 */
export type RedirectHandler<V extends Viewer = Viewer> = (params: Record<string, string>, ctx: SignedInContext<V>) => Promise<string>;

/**
 * What the pipeline asks of the domains, so that the platform knows none: whether a sign-in was revoked,
 * and the caller's user (resolved, and its record kept up, once per signed-in call; at once, without a
 * promise, when nothing has to be waited for).
 */
export interface EndpointSteps<V extends Viewer> {
  isRevoked: RevocationCheck;
  viewerOf: (caller: Caller) => V | Promise<V>;
}

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

/** Whether the body is a multipart form (an upload); any other body is read as JSON. */
const isMultipart = (c: Context) => c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'multipart/form-data';

/** A JSON body that is an object: its fields; anything else is a 400. */
function jsonFields(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(apiMessages.invalidJson);
  return body as Record<string, unknown>;
}

const refuseInvalidJson = (): never => {
  throw badRequest(apiMessages.invalidJson);
};

/** A JSON body as an object of fields; anything else is a 400. */
function readJson(c: Context): Promise<Record<string, unknown>> {
  let body: Promise<unknown>;
  try {
    body = c.req.json();
  } catch {
    return Promise.resolve().then(refuseInvalidJson);
  }
  return body.then(jsonFields, refuseInvalidJson);
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

/** One call as the pipeline's steps learn it, step by step. */
interface CmdCall {
  /** The call as the rest of the code sees it (call-context.ts): the steps note the cmd and actor on it. */
  record: CallRecord;
  cmd: string;
  def: CmdDefinition;
  multipart: boolean;
  /** The body's fields besides cmd, version and client: what the params are parsed from. */
  fields: Record<string, unknown>;
  params?: Record<string, unknown>;
  caller?: Caller;
  viewer?: Viewer;
}

type Step = MiddlewareHandler<{ Variables: { call: CmdCall } & CallRecordEnv['Variables'] }>;

/**
 * `then(value)` at once when the value is known, after it when it must be waited for: a step that has
 * what it needs (a warm call's caller, from the memos) adds no wait to the call.
 */
const andThen = <T>(value: T | Promise<T>, then: (value: T) => Promise<void>): Promise<void> =>
  value instanceof Promise ? value.then(then) : then(value);

/**
 * The body's envelope: JSON, or a multipart form for an upload cmd; its cmd known to the endpoint (or
 * one it answers as not offered) and its API version supported.
 */
const envelope =
  (contract: AnyContract): Step =>
  (c, next) => {
    const multipart = isMultipart(c);
    return (multipart ? readForm(c) : readJson(c)).then((body) => {
      c.set('call', callOf(contract, c.get('callRecord'), body, multipart));
      return next();
    });
  };

/** The call a body's envelope names, its cmd noted on the call's record. */
function callOf(contract: AnyContract, record: CallRecord, body: Record<string, unknown>, multipart: boolean): CmdCall {
  const { cmd = contract.defaultCmd, version, client: _client, ...otherParams } = body;
  if (typeof cmd !== 'string' || !cmd) throw badRequest(apiMessages.missingCmd);
  const def = Object.hasOwn(contract.cmds, cmd) ? contract.cmds[cmd] : undefined;
  // A cmd whose own param is `version` (a release version) takes the field; any other call's is the API version.
  if (!def?.ownVersion && version !== undefined && Number(version) !== API_VERSION) throw badRequest(apiMessages.unsupportedVersion);
  const notOffered = contract.notOfferedCmds && Object.hasOwn(contract.notOfferedCmds, cmd) ? contract.notOfferedCmds[cmd] : undefined;
  if (!def && notOffered) throw new ApiError(410, notOffered);
  if (!def) throw badRequest(apiMessages.unknownCmd(contract.path, cmd));
  record.cmd = cmd;
  return { record, cmd, def, multipart, fields: def.ownVersion && version !== undefined ? { ...otherParams, version } : otherParams };
}

/** The token of a cmd: the id token may come in the SSO call's `id-token` header, else in Authorization. */
const tokenFor = (c: Context, def: CmdDefinition) =>
  (def.token === 'id' ? bearerToken(c.req.header('id-token')) : undefined) ?? bearerToken(c.req.header('authorization'));

// The steps return next()'s promise rather than awaiting it, and wait only for what they do not know
// yet: one async frame less a step on every call (the pipeline must cost no more than the one closure
// it replaced).

/**
 * The caller of a signed-in cmd, verified, their session checked; before any param is looked at, so
 * strangers learn nothing of them. A token verified before whose session was checked within the
 * interval is known at once (auth.ts).
 */
const authentication =
  (isRevoked: RevocationCheck): Step =>
  (c, next) => {
    const call = c.get('call');
    if (call.def.role === 'public') return next();
    const token = tokenFor(c, call.def);
    return andThen(knownCaller(token, call.def.token) ?? authenticate(token, call.def.token, isRevoked), (caller) => {
      call.caller = caller;
      return next();
    });
  };

/** An admin cmd only for an admin (with two-factor sign-in set up). */
const role: Step = (c, next) => {
  const { def, caller } = c.get('call');
  if (def.role === 'admin' && !caller?.isAdmin) throw forbidden(caller?.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
  return next();
};

/**
 * The params against the cmd's contract. An upload cmd takes a form with its file, any other cmd JSON; a
 * file over the cmd's own limit is refused as too large before its params are parsed (and so before
 * its handler stores anything).
 */
const params: Step = (c, next) => {
  const call = c.get('call');
  const { def, fields } = call;
  if (call.multipart !== Boolean(def.upload)) throw badRequest(def.upload ? apiMessages.multipartRequired : apiMessages.jsonRequired);
  if (def.upload) {
    const { maxBytes } = def.upload;
    if (Object.values(fields).some((value) => value instanceof File && value.size > maxBytes)) throw new ApiError(413, apiMessages.fileTooLarge(maxBytes));
  }
  const parsed = def.params.safeParse(fields);
  if (!parsed.success) throw badRequest(describeIssues(parsed.error.issues));
  call.params = parsed.data as Record<string, unknown>;
  return next();
};

/** The caller's user, once per signed-in call: the actor of the call's writes from here on. */
const callerUser =
  (viewerOf: (caller: Caller) => Viewer | Promise<Viewer>): Step =>
  (c, next) => {
    const call = c.get('call');
    if (!call.caller) return next();
    return andThen(viewerOf(call.caller), (viewer) => {
      call.viewer = viewer;
      call.record.actor_user_id = viewer.userId;
      return next();
    });
  };

/** The attempts of the cmd's declared limits, taken before its handler runs; what its outcome does not count is given back. */
const limits: Step = (c, next) => {
  const { def, viewer, params } = c.get('call');
  if (!def.limits?.length || !viewer) return next();
  return (async () => {
    const taken = await takeLimits(def.limits!, viewer, params!);
    let outcome: CallOutcome = 'done';
    try {
      await next();
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      await taken.settle(outcome);
    }
  })();
};

/**
 * The cmd's steps in a row, as one Hono handler: each step's next() is the following step, called
 * directly. Hono's compose gives every handler an async frame and a promise of its own, all held while
 * the call waits for the store, and catches each error at every level; the row adds nothing to what the
 * steps do. So a step sees a later step's error as the rejection of its next() (it has no c.error), and
 * the answer reaches Hono as c.res, set by the handler's step.
 */
function inRow(steps: readonly Step[]): Step {
  // Made once, not per call: a function made per call costs its allocation and, run by tsx (keepNames),
  // a property definition for its name too.
  const from = (c: Context, i: number, last: () => Promise<void>): Promise<void> =>
    i < steps.length ? (steps[i]!(c as never, () => from(c, i + 1, last)) as Promise<void>) : last();
  return (c, next) => from(c, 0, next);
}

/**
 * A cmd whose every call is audited (`audit: true`) runs as an audited call: the write path refuses its
 * first write if that carries no audit entry (lib/records/write-changes.ts).
 */
const audit: Step = (c, next) => {
  const call = c.get('call');
  if (call.def.audit === true) call.record.audited = true;
  return next();
};

/**
 * One Hono app per endpoint, served at /api/{path} (and its `redirects` below it, GETs): a row of small
 * steps, each refusing what it must with an error envelope of a fitting status (a store or sign-in outage
 * is a 503; nothing leaks a stack trace): the body's size, the distribution check, the envelope (cmd and
 * version), authentication, the role, the params against the contract, the caller's user, the limits,
 * the audit; then the cmd's handler with its typed params and the viewer, and the answer.
 */
export function createEndpointApp<C extends AnyContract, V extends Viewer>(
  contract: C,
  handlers: EndpointHandlers<C, V>,
  steps: EndpointSteps<V>,
  redirects: Record<string, RedirectHandler<V>> = {},
): Hono {
  const cmds = contract.cmds as Record<string, CmdDefinition>;
  const root = new Hono();
  const app = root.basePath(`${API_PREFIX}/${contract.path}`);

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorAnswer(c, err.httpStatus, err.message);
    if (isOutage(err)) {
      logger.warn('A service the API depends on did not answer', { error: err });
      return errorAnswer(c, 503, apiMessages.unavailable);
    }
    logger.error('Unhandled error', { error: err });
    return errorAnswer(c, 500, apiMessages.internal);
  });
  app.notFound((c) => errorAnswer(c, 404, apiMessages.unknownEndpoint));

  // A JSON body may be MAX_JSON_BODY_BYTES; a multipart form as large as the endpoint's largest upload
  // allows (plus its other fields). Either is refused before it is parsed.
  const uploadLimit = Math.max(0, ...Object.values(cmds).map((def) => def.upload?.maxBytes ?? 0));
  const json: BodyLimit = { maxSize: MAX_JSON_BODY_BYTES, message: apiMessages.bodyTooLarge };
  const form: BodyLimit = uploadLimit ? { maxSize: uploadLimit + MULTIPART_OVERHEAD_BYTES, message: apiMessages.fileTooLarge(uploadLimit) } : json;

  const run: Step = (c) => {
    const { cmd, params, viewer } = c.get('call');
    const handler = handlers[cmd as CmdName<C>] as (params: unknown, ctx: { viewer: Viewer | null }) => Promise<unknown>;
    return handler(params, { viewer: viewer ?? null })
      .then((data) => answer(c, { status: 'ok', data }))
      .then((response) => {
        c.res = response;
      });
  };

  app.use(callLogKeys(contract.path));
  app.post(
    '/',
    bodyWithin((c) => (isMultipart(c) ? form : json), [json, form]),
    inRow([
      fromDistribution,
      envelope(contract),
      authentication(steps.isRevoked),
      role,
      params,
      callerUser(steps.viewerOf),
      limits,
      audit,
      run,
    ]),
  );
  app.all('/', (c) => errorAnswer(c, 405, apiMessages.methodNotAllowed));
  for (const [path, redirect] of Object.entries(redirects)) {
    app.get(path, fromDistribution, async (c) => {
      const caller = await authenticate(bearerToken(c.req.header('authorization')), 'access', steps.isRevoked);
      const viewer = await steps.viewerOf(caller);
      noteCallActor(viewer.userId);
      const location = await redirect(c.req.param() as Record<string, string>, { viewer });
      return c.body(null, 302, { location, 'cache-control': 'no-store' });
    });
  }
  // An endpoint the portal does not offer answers its message to anything sent (decision 036). Its routes
  // share the app's router (basePath clones share it), so this app's fetch serves them too.
  for (const [path, message] of Object.entries(contract.notOfferedEndpoints ?? {})) {
    root.basePath(`${API_PREFIX}/${path}`).all('/', (c) => errorAnswer(c, 410, message));
  }
  return app;
}
