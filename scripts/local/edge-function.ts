import * as crypto from 'node:crypto';
import type { EdgeClock } from './edge-clock';

/** A viewer request as a CloudFront Function (cloudfront-js-2.0) sees it, as far as ours read it. */
export interface ViewerRequest {
  uri: string;
  method: string;
  querystring: Record<string, { value: string }>;
  /** The viewer's headers, by lower-case name (CloudFront's shape: each with its value). */
  headers?: Record<string, { value: string }>;
}
/** What such a function may answer instead of passing the request on. */
export interface ViewerResponse {
  statusCode: number;
  headers?: Record<string, { value: string }>;
  body?: { encoding: 'text'; data: string } | string;
}

/**
 * Runs a CloudFront Function's source as the local server's edge: the very code CloudFront runs, with
 * its `crypto` module and a clock the local stack owns (so a test can move time at the edge).
 */
export function viewerRequestFunction(code: string, clock: EdgeClock): (request: ViewerRequest) => ViewerRequest | ViewerResponse {
  const requireModule = (name: string) => {
    if (name !== 'crypto') throw new Error(`CloudFront Functions have no module ${name}`);
    return crypto;
  };
  const handler = new Function('require', 'Date', `${code}\nreturn handler;`)(requireModule, { now: () => clock.now() }) as (event: {
    request: ViewerRequest;
  }) => ViewerRequest | ViewerResponse;
  return (request) => handler({ request });
}

/** The viewer request of a URL: its raw (still percent-encoded) path, its query's first values and the headers sent. */
export function viewerRequestOf(url: string, method: string, headers?: Headers): ViewerRequest {
  const { pathname, searchParams } = new URL(url);
  const querystring: ViewerRequest['querystring'] = {};
  for (const [name, value] of searchParams) querystring[name] ??= { value };
  const viewerHeaders: NonNullable<ViewerRequest['headers']> = {};
  for (const [name, value] of headers ?? []) viewerHeaders[name.toLowerCase()] = { value };
  return { uri: pathname, method, querystring, headers: viewerHeaders };
}

export const isResponse = (result: ViewerRequest | ViewerResponse): result is ViewerResponse => 'statusCode' in result;
