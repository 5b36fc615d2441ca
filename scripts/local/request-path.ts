import type { MiddlewareHandler } from 'hono';

/**
 * Whether a request path (as the client sent it, before any normalization) is safe to map onto a
 * file or an object key. Refused: a backslash (raw or %5C), a "." or ".." segment once decoded (so
 * `..%2F`, `%2e%2e/` and `%2E%2E%2F` too), a control character (NUL included), an escape left after
 * one decoding (`%252F`, `%252e%252e`: a second decoding somewhere behind would make it a traversal),
 * and a malformed escape. Paths the portal serves (/assets/index-3f2a.js, /downloads/Otii-3.6.0.zip,
 * /umdata/exports/…csv, /signin) pass.
 */
export function isSafeRequestPath(rawPath: string): boolean {
  if (rawPath.includes('\\')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return false;
  if (/%[0-9a-f]{2}/i.test(decoded)) return false;
  return decoded.split('/').every((segment) => segment !== '.' && segment !== '..');
}

/** The request target's path as the client sent it (Node's IncomingMessage.url), else the parsed URL's. */
function rawPathOf(env: unknown, url: string): string {
  const raw = (env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  const target = typeof raw === 'string' ? raw : new URL(url).pathname;
  return target.split('?')[0] ?? '';
}

/**
 * Refuses (400) every request whose path is not safe (isSafeRequestPath), before any route reads a
 * file (the SPA), an object (/data, /downloads, /umdata) or a folder of the local stack: an encoded
 * traversal never reaches the disk, whatever a route or an emulator behind it decodes again.
 */
export function refuseUnsafePaths(): MiddlewareHandler {
  return async (c, next) => {
    if (!isSafeRequestPath(rawPathOf(c.env, c.req.url))) return c.text('Bad request: the path is not allowed', 400);
    await next();
  };
}
