import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { GetObjectCommand, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { apiMessages, type ApiResponse } from '../../shared/api';
import { API_PREFIX, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import type { WebConfig } from '../../shared/web-config';
import { bucketRoles, buckets, type BucketRole } from '../../infra/definitions';
import { tokenPaths, type Serving } from '../../functions/lib/files/buckets';
import { signedLinkCheckCode } from '../../infra/constructs/edge-functions';
import type { EdgeClock } from './edge-clock';
import { isResponse, viewerRequestFunction, viewerRequestOf } from './edge-function';
import { readRecords, type LocalMail } from '../../functions/lib/adapters/local-outbox';
import { runAs, type FunctionRuntime } from '../../functions/lib/runtime-env';
import { linkPortalAddresses } from './mailbox-links';
import { localOnly } from './local-only';
import { refuseUnsafePaths } from './request-path';
import { TENANT_NAME } from './tenant-names';
import { currentTenant, requestedTenant, type Tenants } from './tenants';

/** A Lambda handler as the local Lambda Invoke API runs it: event in, result out. */
export type LocalLambda = (event: unknown) => Promise<unknown>;

export interface LocalAppOptions {
  /** The built SPA (web/dist). */
  webDir: string;
  webConfig: WebConfig;
  /** Endpoint apps (each carries its /api/{path} base path), each run as its own unit. */
  endpoints: { path: string; app: Hono; runtime: FunctionRuntime }[];
  /** The value CloudFront sends in the origin-verify header (the API refuses requests without it). */
  originVerifySecret: string;
  s3: S3Client;
  /** The local name of each bucket; each is served as its declaration says (functions/lib/files/buckets.ts). */
  buckets: Record<BucketRole, string>;
  /** The key signed links are checked with, as the stack's CloudFront Function holds it. */
  linkSigningSecret: string;
  /** The edge's clock (signed links expire by it). */
  edgeClock: EdgeClock;
  /** Lets POST /local/edge-clock {offset_seconds} move the edge's clock: a test stack only. */
  edgeClockControl?: boolean;
  /** The local mailbox, shown at /local/mailbox (never deployed). */
  mailboxFile: string;
  /** The checkout provider's stand-in, at /local/checkout (never deployed). */
  checkoutSandbox?: Hono;
  /**
   * A test stack's tenants (scripts/local/tenants.ts): a request that names one runs in it, and
   * POST /local/tenants/{name} makes one. Never on `npm start`.
   */
  tenants?: Tenants;
}

/**
 * The Lambda Invoke API, for cognito-local's triggers: our trigger handlers run as Lambda would run
 * them. Its own server on 127.0.0.1, answering this machine only (localOnly).
 */
export function createInvokeApp(lambdas: Record<string, LocalLambda>): Hono {
  const app = new Hono();
  app.use('*', localOnly());
  app.post('/2015-03-31/functions/:name/invocations', async (c) => {
    const name = c.req.param('name');
    const lambda = Object.hasOwn(lambdas, name) ? lambdas[name] : undefined;
    if (!lambda) return c.json({ Message: 'Function not found' }, 404);
    try {
      return c.json((await lambda(await c.req.json())) ?? null);
    } catch (error) {
      // What Lambda answers for a function that threw: 200 with the error in the payload.
      const err = error as Error;
      return c.json({ errorMessage: err.message, errorType: err.name }, 200, { 'X-Amz-Function-Error': 'Unhandled' });
    }
  });
  return app;
}

/**
 * The local stand-in for CloudFront and Lambda: /api/{path} runs the endpoint apps (each as its own
 * unit, with the origin-verify header CloudFront adds), bucket paths are read from s3rver as their
 * declarations say (a signed bucket's links checked by the stack's own CloudFront Function code),
 * /config.json is generated, and any other GET gets the SPA with index.html fallback. A path with a
 * traversal in any encoding is refused first (request-path.ts).
 */
export function createLocalApp(options: LocalAppOptions): Hono {
  const app = new Hono();

  // What the distribution's response headers policy adds to every answer (infra/constructs/web.ts): no
  // browser guesses a type other than the one sent, so a file served as text never runs as a page or script.
  // First, so that the refusals of the middleware after it carry it too.
  app.use('*', noSniff());
  // Before any route maps a path onto a file or an object key: no encoded traversal gets through.
  app.use('*', refuseUnsafePaths());
  const { tenants } = options;
  if (tenants) {
    // Before every route: the API, the buckets' paths, the edge's clock and the checkout sandbox all
    // serve the tenant the request names.
    app.use('*', async (c, next) => {
      const name = requestedTenant(c.req.raw.headers);
      if (name === undefined) return next();
      if (!TENANT_NAME.test(name)) return c.text(`Not a tenant name: ${name}`, 400);
      return tenants.run(await tenants.open(name), next);
    });
    // `?demo=volume`: the tenant starts with the demo's volume (DEMO_VOLUME_MARKER), not without it.
    app.post('/local/tenants/:name', localOnly(), async (c) => {
      const { tableName, buckets, env, emailDomain } = await tenants.open(c.req.param('name'), { demoVolume: c.req.query('demo') === 'volume' });
      return c.json({ tableName, buckets, env, emailDomain });
    });
  }
  app.get('/config.json', (c) => c.json(options.webConfig, 200, { 'cache-control': 'no-store' }));

  app.use('/local/*', localOnly());
  // A tenant's own mail, and Cognito's to its users (scripts/local/tenants.ts).
  const mailbox = () => {
    const tenant = currentTenant();
    return tenant && tenants ? tenants.mailbox(tenant, options.mailboxFile) : readRecords<LocalMail>(options.mailboxFile);
  };
  app.get('/local/mailbox.json', (c) => c.json(mailbox(), 200, { 'cache-control': 'no-store' }));
  app.get('/local/mailbox', (c) => c.html(renderMailbox(mailbox(), new URL(c.req.url).port)));
  if (options.checkoutSandbox) app.route('/', options.checkoutSandbox);

  for (const endpoint of options.endpoints) {
    const toEndpoint = (c: Context) => {
      // What CloudFront does: whatever the viewer sent in the header is replaced by the secret. The
      // request goes on as it is, not copied: a copy would make the Node adapter stream the body through
      // web streams, a cost of this stand-in that neither CloudFront nor Lambda has.
      c.req.raw.headers.set(ORIGIN_VERIFY_HEADER, options.originVerifySecret);
      return runAs(tenants ? tenants.runtimeOf(endpoint.runtime) : endpoint.runtime, () => endpoint.app.fetch(c.req.raw));
    };
    app.all(`${API_PREFIX}/${endpoint.path}`, toEndpoint);
    // The GET routes below an endpoint's path that the stack gives it (a token's way to a signed path's file).
    for (const { apiPath } of tokenPaths(API_PREFIX).filter((route) => route.endpoint === endpoint.path)) app.get(`${apiPath}/*`, toEndpoint);
  }
  app.all(`${API_PREFIX}/*`, (c) => c.json<ApiResponse<never>>({ status: 'error', message: apiMessages.unknownEndpoint }, 404));

  if (options.edgeClockControl) {
    app.post('/local/edge-clock', async (c) => {
      const { offset_seconds } = await c.req.json<{ offset_seconds: number }>();
      options.edgeClock.setOffsetSeconds(Number(offset_seconds) || 0);
      return c.json({ offset_seconds: Number(offset_seconds) || 0 });
    });
  }

  const readObject = async (bucket: string, key: string) => {
    try {
      const object = await options.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const body = new Uint8Array(await object.Body!.transformToByteArray());
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': object.ContentType ?? 'application/octet-stream',
          ...(object.ContentDisposition ? { 'content-disposition': object.ContentDisposition } : {}),
          ...(object.CacheControl ? { 'cache-control': object.CacheControl } : {}),
        },
      });
    } catch (error) {
      if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return new Response('Not found', { status: 404 });
      throw error;
    }
  };
  const signedLinkCheck = viewerRequestFunction(
    signedLinkCheckCode(options.linkSigningSecret, Object.fromEntries(tokenPaths(API_PREFIX).map(({ path, apiPath }) => [path, apiPath]))),
    options.edgeClock,
  );
  const bucketOf = (role: BucketRole) => (tenants ? tenants.bucketOf(role) : options.buckets[role]);
  for (const role of bucketRoles) {
    const served: Serving = buckets[role].served;
    if (served.kind === 'path') {
      app.get(`${served.path}/*`, (c) => readObject(bucketOf(role), decodeURIComponent(c.req.path.slice(served.path.length + 1))));
    } else if (served.kind === 'signed') {
      // What CloudFront does on a signed bucket's path: the check first, then the bucket key it leaves.
      app.get(`${served.path}/*`, (c) => {
        const result = signedLinkCheck(viewerRequestOf(c.req.url, c.req.method, c.req.raw.headers));
        if (isResponse(result)) {
          const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([name, { value }]) => [name, value]));
          const body = typeof result.body === 'string' ? result.body : (result.body?.data ?? '');
          return new Response(body, { status: result.statusCode, headers });
        }
        return readObject(bucketOf(role), decodeURIComponent(result.uri.slice(1)));
      });
    }
  }

  const root = relative(process.cwd(), options.webDir) || '.';
  // The headers the web bucket's deployment gives the SPA's files (infra/constructs/web.ts): a hashed
  // asset never changes, so a browser keeps it; an entry file is asked for again each time.
  const spaFiles = serveStatic({ root });
  app.use('/*', async (c, next) => {
    let passedOn = false;
    const file = await spaFiles(c, () => ((passedOn = true), next()));
    if (passedOn || !file) return file;
    file.headers.set('cache-control', c.req.path.startsWith('/assets/') ? HASHED_ASSET_CACHE : 'no-cache');
    return file;
  });
  app.get('*', (c) => {
    const index = join(options.webDir, 'index.html');
    if (!existsSync(index)) return c.text('The SPA is not built: run npm run build', 503);
    return c.html(readFileSync(index, 'utf8'));
  });
  return app;
}

/** Adds `X-Content-Type-Options: nosniff` to the answer, whatever route made it (a redirect's headers are copied first). */
function noSniff(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    try {
      c.res.headers.set('x-content-type-options', 'nosniff');
    } catch {
      // Response.redirect() and fetch() answers have immutable headers.
      const answer = new Response(c.res.body, c.res);
      answer.headers.set('x-content-type-options', 'nosniff');
      c.res = answer;
    }
  };
}

/** What the deployment sets on the SPA's hashed assets (infra/constructs/web.ts). */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain page for developers: every mail the local stack sent, newest first, with the portal's links to follow. */
function renderMailbox(mails: LocalMail[], portalPort: string): string {
  const rows = mails
    .map(
      (mail) => `<tr><td>${escapeHtml(mail.sent)}</td><td>${escapeHtml(mail.to)}</td><td>${escapeHtml(mail.subject)}</td>
<td><pre>${linkPortalAddresses(escapeHtml(mail.text), portalPort)}</pre></td><td class="code">${escapeHtml(mail.code ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local mailbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}pre{margin:0;white-space:pre-wrap}
.code{font:bold 1.2rem monospace}@media (prefers-color-scheme: dark){body{background:#1a1b1e;color:#ddd}td,th{border-color:#444}}</style>
</head><body><h1>Local mailbox</h1><p>Mail the portal sent on this machine, newest first. Not part of a deployment.</p>
${mails.length ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th>Text</th><th>Code</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>No mail yet.</p>'}
</body></html>`;
}
