import { gunzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { handle } from 'hono/aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiMessages } from '../../shared/api';
import { cmd, defineEndpoint } from '../../shared/contract/define';
import { adminProductRowSchema, type AdminProductRow } from '../../shared/contract/product.admin';
import { ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { PRODUCT_CSV_ROWS } from '../../shared/lists/admin-lists';
import { MAX_LIST_LIMIT } from '../../shared/lists/admin-list-params';
import { acceptsGzip, answerBody, jsonPieces, LAMBDA_RESPONSE_BYTES } from './answer-body';
import type { CmdDefinition, EndpointContract } from '../../shared/contract/define';
import type { Viewer } from './caller';
import { createEndpointApp, type EndpointHandlers, type EndpointSteps } from './endpoint-app';
import { runAs } from './runtime-env';

/** The pipeline without the domains' steps: these calls are public, or stopped before the caller's user. */
const unitSteps: EndpointSteps<Viewer> = {
  isRevoked: async () => false,
  viewerOf: async (caller) => ({ userId: 1, isAdmin: caller.isAdmin, caller }),
};
const endpointApp = <C extends EndpointContract<string, Record<string, CmdDefinition>>>(contract: C, handlers: EndpointHandlers<C>) => createEndpointApp(contract, handlers, unitSteps);


/**
 * `count` registered products as the admin list answers them, varied as real ones are (random uids,
 * times, owners, about a third with a license), so that they compress no better than real rows would.
 */
function productRows(count: number): AdminProductRow[] {
  // mulberry32: the same rows on every run.
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('').toUpperCase();
  return Array.from({ length: count }, (_, i) => {
    const product_id = random() < 0.7 ? 'Arc' : 'Ace';
    const user_id = 1 + Math.floor(random() * 50_000);
    return {
      id: count - i,
      created: new Date(Date.UTC(2019, 0, 1) + Math.floor(random() * 7 * 365 * 86_400_000)).toISOString(),
      product_id,
      uid: `${product_id.toUpperCase()}${hex(8)}`,
      hardware_version: ['1.3', '2.0', '2.1'][Math.floor(random() * 3)]!,
      user_id,
      license_id: random() < 0.3 ? 1 + Math.floor(random() * 100_000) : null,
      ean: product_id === 'Arc' ? '7350063470017' : '7350063470024',
      banner: null,
      link: null,
      user: `${['anna', 'björn', 'chen', 'dana', 'erik', 'fatima'][user_id % 6]}.${hex(5).toLowerCase()}@${['example.com', 'lab.example.org', 'uni.example.edu'][user_id % 3]}`,
    };
  });
}

const answerOf = (products: AdminProductRow[]) => ({ status: 'ok', data: { products, count: products.length } });
/** The product export's 100,000 rows, made once for the file. */
let exportRowsMade: AdminProductRow[] | undefined;
const exportRows = () => (exportRowsMade ??= productRows(PRODUCT_CSV_ROWS));

describe('an answer written in pieces', () => {
  it('is the same text JSON.stringify gives', () => {
    const values = [
      answerOf(productRows(3)),
      { status: 'ok', data: { rows: [1, 'two', null, { a: [3], b: undefined }], skipped: undefined, when: new Date(0), nested: { list: [{ x: 1 }] } } },
      { status: 'ok', data: [] },
      { status: 'ok', data: null },
      { status: 'error', message: 'Quotes " and \\ and ünïcode' },
    ];
    for (const value of values) expect([...jsonPieces(value)].join('')).toBe(JSON.stringify(value));
  });
});

describe('Accept-Encoding', () => {
  it('takes gzip when named or allowed by *, not when weighed 0 or absent', () => {
    for (const header of ['gzip', 'gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*', 'deflate, *;q=0.5', 'GZIP']) expect(acceptsGzip(header), header).toBe(true);
    for (const header of [undefined, '', 'identity', 'br, deflate', 'gzip;q=0', 'gzip;q=0.0, br', '*;q=0']) expect(acceptsGzip(header), header).toBe(false);
  });
});

describe('the body of an answer', () => {
  it('is one JSON text, as ever, while no list in it is longer than a page could be', async () => {
    const answer = answerOf(productRows(MAX_LIST_LIMIT));
    expect(await answerBody(answer, true)).toEqual({ kind: 'json', text: JSON.stringify(answer) });
  });

  it('is the product export’s 100,000 rows gzip-compressed, well within Lambda’s 6 MB as base64', async () => {
    const answer = answerOf(exportRows());
    const text = JSON.stringify(answer);
    const body = await answerBody(answer, true);
    if (body.kind !== 'bytes') throw new Error(`not compressed: ${body.kind}`);
    expect(body.gzip).toBe(true);
    expect(gunzipSync(body.bytes).toString('utf8')).toBe(text);
    const base64Bytes = Math.ceil(body.bytes.length / 3) * 4;
    // Measured: the text is 23.1 MB (3.7 times the limit), its gzip 3.53 MB, in base64 4.71 MB (75 % of the limit).
    expect(text.length).toBeGreaterThan(3.5 * LAMBDA_RESPONSE_BYTES);
    expect(base64Bytes).toBeLessThan(LAMBDA_RESPONSE_BYTES * 0.8);
  }, 60_000);

  it('is refused, not sent, when it does not fit: uncompressed 100,000 rows, or more than even gzip fits', async () => {
    expect(await answerBody(answerOf(exportRows()), false)).toEqual({ kind: 'too-large', gzip: false });
    // Rows of random text do not compress: 30,000 of 300 random characters are ~9 MB whatever is done.
    const noise = Array.from({ length: 30_000 }, () => ({ note: Buffer.from(Array.from({ length: 225 }, () => Math.floor(Math.random() * 256))).toString('base64') }));
    expect(await answerBody({ status: 'ok', data: { rows: noise } }, true)).toEqual({ kind: 'too-large', gzip: true });
  }, 60_000);

  it('is plain JSON bytes to a caller without gzip while a long list still fits', async () => {
    const answer = answerOf(productRows(MAX_LIST_LIMIT + 1));
    const body = await answerBody(answer, false);
    if (body.kind !== 'bytes') throw new Error(`not bytes: ${body.kind}`);
    expect(body.gzip).toBe(false);
    expect(Buffer.from(body.bytes).toString('utf8')).toBe(JSON.stringify(answer));
  });
});

describe('a 100,000-row answer through the Lambda adapter', () => {
  const SECRET = 'from-cloudfront';
  const runtime = { name: 'product', needs: {}, env: { AWS_REGION: 'us-east-1', ORIGIN_VERIFY_SECRET: SECRET } };
  const contract = defineEndpoint({
    path: 'rows',
    cmds: { get_rows: cmd('public', () => ({}), () => z.object({ products: z.array(adminProductRowSchema()), count: z.int() })) },
  });
  const lambda = handle(endpointApp(contract, { get_rows: async () => ({ products: exportRows(), count: PRODUCT_CSV_ROWS }) }));
  /** The result the HTTP API gets from the function for a call with these headers. */
  const invoke = (headers: Record<string, string>) =>
    runAs(runtime, () =>
      lambda(
        {
          version: '2.0',
          rawPath: '/api/rows',
          rawQueryString: '',
          headers: { host: 'portal.example', 'content-type': 'application/json', [ORIGIN_VERIFY_HEADER]: SECRET, ...headers },
          requestContext: { http: { method: 'POST', path: '/api/rows' }, domainName: 'portal.example' },
          body: JSON.stringify({ cmd: 'get_rows' }),
          isBase64Encoded: false,
        } as never,
        { awsRequestId: 'r1' } as Context,
      ),
    ) as Promise<{ statusCode: number; body: string; isBase64Encoded: boolean; headers: Record<string, string> }>;

  it('is a gzip body whose whole result stays within Lambda’s 6 MB, and reads back as every row', async () => {
    const result = await invoke({ 'accept-encoding': 'gzip, deflate, br' });
    expect(result.statusCode).toBe(200);
    expect(result.headers).toMatchObject({ 'content-encoding': 'gzip', 'content-type': 'application/json', vary: 'accept-encoding' });
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(LAMBDA_RESPONSE_BYTES);
    const answer = JSON.parse(gunzipSync(Buffer.from(result.body, 'base64')).toString('utf8')) as { status: string; data: { products: AdminProductRow[]; count: number } };
    expect(answer.status).toBe('ok');
    expect(answer.data.count).toBe(PRODUCT_CSV_ROWS);
    expect(answer.data.products).toEqual(exportRows());
  }, 60_000);

  it('is refused with what to do to a caller that takes no gzip, instead of a result Lambda would not return', async () => {
    const result = await invoke({});
    expect(result.statusCode).toBe(406);
    expect(JSON.parse(result.body)).toEqual({ status: 'error', message: apiMessages.answerNeedsGzip });
  }, 60_000);
});
