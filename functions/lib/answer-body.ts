import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { MAX_LIST_LIMIT } from '../../shared/lists/admin-list-params';

/**
 * The body of an API answer within Lambda's limit on what a function returns (6 MB, the whole result the
 * HTTP API gets: status, headers and body, a binary body in base64). Answers with no list longer than
 * MAX_LIST_LIMIT items (the most any list answered in a call before one took more) are one JSON text, as ever. A longer list (the product list asked for its 100,000 rows) is
 * written item by item, so its text is never held whole: gzip-compressed for a caller that accepts gzip, as
 * plain JSON otherwise; either way it stops at the limit, and the caller is told to accept gzip or ask for
 * fewer rows instead of Lambda failing the call.
 */

/** What Lambda returns at most from a synchronous call (bytes). */
export const LAMBDA_RESPONSE_BYTES = 6 * 1024 * 1024;
/** The room kept in it for the result's status and headers. */
const RESULT_OVERHEAD_BYTES = 16 * 1024;
/** How much JSON text is gathered before it is compressed or kept. */
const BATCH_CHARS = 64 * 1024;

export type AnswerBody =
  | { kind: 'json'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array<ArrayBuffer>; gzip: boolean }
  | { kind: 'too-large'; gzip: boolean };

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** Whether the answer (the envelope, its data, their fields) holds a list longer than MAX_LIST_LIMIT. */
function hasLongList(value: unknown, depth = 0): boolean {
  if (Array.isArray(value)) return value.length > MAX_LIST_LIMIT;
  return depth < 2 && isPlainObject(value) && Object.values(value).some((field) => hasLongList(field, depth + 1));
}

/**
 * The answer's JSON in pieces, the same text JSON.stringify gives: the envelope and its data field by field,
 * a list item by item (each item whole).
 */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) yield (i ? ',' : '') + (JSON.stringify(value[i]) ?? 'null');
    yield ']';
  } else if (depth < 2 && isPlainObject(value)) {
    let first = true;
    yield '{';
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(key)}:`;
      first = false;
      yield* jsonPieces(field, depth + 1);
    }
    yield '}';
  } else {
    yield JSON.stringify(value) ?? 'null';
  }
}

/** Whether an Accept-Encoding header takes gzip (named, or `*`, with a weight above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((text) => text.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0) > 0;
}

/** The answer as one JSON text when it holds no long list (most answers); undefined when it must be written in pieces. */
export const wholeJson = (answer: unknown): string | undefined => (hasLongList(answer) ? undefined : JSON.stringify(answer));

/** The JSON body of an answer: as one text, or (a long list) compressed or plain bytes within Lambda's limit. */
export async function answerBody(answer: unknown, gzip: boolean): Promise<AnswerBody> {
  const text = wholeJson(answer);
  return text !== undefined ? { kind: 'json', text } : longListBody(answer, gzip);
}

/** The body of an answer that holds a long list (wholeJson gave none): bytes within Lambda's limit, or too large. */
export async function longListBody(answer: unknown, gzip: boolean): Promise<Exclude<AnswerBody, { kind: 'json' }>> {
  const bytes = gzip ? await gzipWithin(jsonBatches(answer)) : plainWithin(jsonBatches(answer));
  return bytes ? { kind: 'bytes', bytes, gzip } : { kind: 'too-large', gzip };
}

/** The pieces gathered into batches of about BATCH_CHARS. */
function* jsonBatches(answer: unknown): Generator<string> {
  let batch = '';
  for (const piece of jsonPieces(answer)) {
    batch += piece;
    if (batch.length >= BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

const room = LAMBDA_RESPONSE_BYTES - RESULT_OVERHEAD_BYTES;

/** Plain JSON, as long as it fits: a text body goes into the result as a JSON string, its quotes escaped. */
function plainWithin(batches: Iterable<string>): Uint8Array<ArrayBuffer> | undefined {
  const chunks: Buffer[] = [];
  let escapedBytes = 0;
  for (const batch of batches) {
    const chunk = Buffer.from(batch);
    // What the batch takes as part of the result's JSON string (its quotes and backslashes escaped).
    escapedBytes += chunk.length + (JSON.stringify(batch).length - batch.length - 2);
    if (escapedBytes > room) return undefined;
    chunks.push(chunk);
  }
  return joined(chunks);
}

/** gzip, as long as it fits: a compressed body goes into the result in base64 (4 bytes for every 3). */
async function gzipWithin(batches: Iterable<string>): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  let bytes = 0;
  gzip.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    bytes += chunk.length;
  });
  const ended = once(gzip, 'end');
  const fits = () => Math.ceil(bytes / 3) * 4 <= room;
  for (const batch of batches) {
    // Written as the compressor takes it: only a batch or two of text waits at any time.
    if (!gzip.write(batch)) await once(gzip, 'drain');
    if (!fits()) {
      gzip.destroy();
      return undefined;
    }
  }
  gzip.end();
  await ended;
  return fits() ? joined(chunks) : undefined;
}

/** The chunks as one body. */
function joined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const body = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}
