import type { MiddlewareHandler } from 'hono';

/**
 * For the local stack's developer endpoints (the mailbox, the Lambda Invoke stand-in): only this
 * machine, by its own name, and never a request another web site makes the browser send. A foreign
 * Host (DNS rebinding) or a cross-site Origin / Sec-Fetch-Site is refused with 403.
 */
export function localOnly(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const host = c.req.header('host') ?? '';
    const allowedHosts = new Set([`127.0.0.1:${url.port}`, `localhost:${url.port}`]);
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const sameOrigin = !origin || [...allowedHosts].some((h) => origin === `http://${h}`);
    if (!allowedHosts.has(host) || !sameOrigin || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
      return c.text('Forbidden: local developer endpoint', 403);
    }
    await next();
  };
}
