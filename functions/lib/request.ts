import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiMessages, type ApiResponse } from '../../shared/api';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { secrets } from '../registry';
import { withCall, type CallRecord } from './call-context';
import { forbidden } from './errors';
import { getSecret, knownSecret } from './secrets';

/**
 * The first steps of every API request, an endpoint's cmds and the checkout provider's webhook alike:
 * the call's log keys, the distribution check, the body's size, and the error envelope.
 */

/** An error envelope: `{status: "error", message}` with its status. */
export const errorAnswer = (c: Context, status: ContentfulStatusCode, message: string) =>
  c.json<ApiResponse<never>>({ status: 'error', message }, status);

/** The Lambda invocation's request id, when the app runs in Lambda (hono/aws-lambda passes the context). */
const lambdaRequestId = (c: Context): string | undefined =>
  (c.env as { lambdaContext?: { awsRequestId?: string } } | undefined)?.lambdaContext?.awsRequestId;

/** What callLogKeys leaves the steps after it: the call's record, to note the cmd and actor on as they are learnt. */
export type CallRecordEnv = { Variables: { callRecord: CallRecord } };

/**
 * Every line logged during a call carries its endpoint and its request id (Lambda's in AWS, a fresh one
 * locally), and the cmd once the body names it; the keys belong to this call only and end with it.
 */
export const callLogKeys =
  (endpoint: string): MiddlewareHandler<CallRecordEnv> =>
  (c, next) => {
    const record: CallRecord = { endpoint, request_id: lambdaRequestId(c) ?? randomUUID() };
    // The same call as the audit trail sees it (call-context.ts): its entries carry the request id of its log lines.
    // Answered too, so a caller (support, a test) can name the call whose entry or log lines it looks for.
    c.header('x-request-id', record.request_id);
    // The logger reads the call's keys from this same record (logger.ts); the pipeline notes on it directly.
    c.set('callRecord', record);
    return withCall(record, () => next());
  };

/** The secret's bytes, made once per value (it is compared on every request; a rotated value gets its own). */
let secretBuffer: { value: string; bytes: Buffer } | undefined;
function secretBytes(value: string): Buffer {
  if (secretBuffer?.value !== value) secretBuffer = { value, bytes: Buffer.from(value) };
  return secretBuffer.bytes;
}

/** Whether the origin-verify header sent is the secret's value (compared in constant time). */
function isOriginSecret(sent: string, value: string): boolean {
  const expected = secretBytes(value);
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether the request came through CloudFront, which adds the origin-verify header with the secret
 * value (compared in constant time). The local server plays CloudFront and adds it the same way. At
 * once, without a promise, when the secret's value is known (every warm call).
 */
export function isFromDistribution(c: Context): boolean | Promise<boolean> {
  const sent = c.req.header(ORIGIN_VERIFY_HEADER);
  if (!sent) return false;
  const known = knownSecret(secrets.originVerify.env);
  return known === undefined ? getSecret(secrets.originVerify.env).then((value) => isOriginSecret(sent, value)) : isOriginSecret(sent, known);
}

const refuseDirectCall = (fromDistribution: boolean) => {
  if (!fromDistribution) throw forbidden(apiMessages.directCall);
};

/** Refuses (403) a request that did not come through the distribution, before its body is read. */
export const fromDistribution: MiddlewareHandler = (c, next) => {
  const verdict = isFromDistribution(c);
  if (verdict instanceof Promise) return verdict.then(refuseDirectCall).then(() => next());
  refuseDirectCall(verdict);
  return next();
};

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

/** A 413 with `message`, after reading the rest of the body so the sender sees it (else the connection closes). */
export const refuseTooLarge = (message: string) => async (c: Context) => {
  // A body left unread cannot let the connection be reused: say so.
  if (!(await drain(c.req.raw.body))) c.header('connection', 'close');
  return errorAnswer(c, 413, message);
};

/** The body's length as the Content-Length header declares it; undefined when a chunked body declares none. */
function declaredLength(c: Context): number | undefined {
  const length = c.req.header('content-length');
  if (length === undefined || c.req.header('transfer-encoding') !== undefined) return undefined;
  return parseInt(length, 10) || 0;
}

/** A body limit: at most `maxSize` bytes, else a 413 with `message`. */
export interface BodyLimit {
  maxSize: number;
  message: string;
}

/**
 * Refuses a body over its limit (413) before it is read; `limitOf` picks the request's limit. A declared
 * length is judged from the header alone, as bodyLimit itself would; only a body without one goes through
 * bodyLimit, whose look at the stream makes the Node adapter wrap the request in web streams (locally the
 * largest cost of a small call).
 */
export function bodyWithin(limitOf: (c: Context) => BodyLimit, limits: readonly BodyLimit[]): MiddlewareHandler {
  const streamed = new Map(limits.map((limit) => [limit, bodyLimit({ maxSize: limit.maxSize, onError: refuseTooLarge(limit.message) })]));
  return (c, next) => {
    const limit = limitOf(c);
    const declared = declaredLength(c);
    if (declared === undefined) return streamed.get(limit)!(c, next);
    return declared > limit.maxSize ? refuseTooLarge(limit.message)(c) : next();
  };
}
