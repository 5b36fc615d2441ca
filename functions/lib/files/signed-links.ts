import { createHmac } from 'node:crypto';

/**
 * The signature of an expiring link: HMAC-SHA256 (hex) of the link's path as the browser sends it
 * (percent-encoded) and its expiry in epoch seconds. The edge (a CloudFront Function,
 * infra/constructs/edge-functions.ts, run by the local server too) computes the same and compares.
 */
export const linkSignature = (path: string, expires: number, secret: string): string =>
  createHmac('sha256', secret).update(`${path}\n${expires}`).digest('hex');

/** A key as a URL path: each segment percent-encoded, the slashes kept. */
export const keyPath = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

/**
 * `{prefix}/{key}?expires=…&signature=…`, valid until `expires` (epoch seconds) and never after.
 */
export function signLink(prefix: string, key: string, expires: number, secret: string): string {
  const path = `${prefix}/${keyPath(key)}`;
  return `${path}?expires=${expires}&signature=${linkSignature(path, expires, secret)}`;
}
