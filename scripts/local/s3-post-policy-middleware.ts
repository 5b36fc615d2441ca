import { Readable } from 'node:stream';
import { checkPostPolicy, errorXml } from './s3-post-policy';

/** The part of a Koa context (s3rver is a Koa app) this middleware reads and replaces. */
interface KoaContext {
  method: string;
  path: string;
  req: NodeJS.ReadableStream & { headers: Record<string, string | string[] | undefined>; url?: string; method?: string; socket?: unknown; httpVersion?: string };
  request: { req: unknown };
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

/** A form larger than this is refused before it is read: no upload the portal presigns comes near it. */
const MAX_FORM_BYTES = 200 * 1024 * 1024;

/**
 * In front of s3rver's POST Object: reads the form, checks its policy as S3 does (s3-post-policy.ts),
 * answers S3's refusal and stores nothing when it fails, and otherwise hands s3rver the same body.
 * s3rver knows one key pair, so the secret of its access key is the only one.
 */
export function postPolicyMiddleware(credentials: { accessKeyId: string; secretAccessKey: string }): Middleware {
  return async (ctx, next) => {
    const contentType = String(ctx.req.headers['content-type'] ?? '');
    const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
    if (ctx.method !== 'POST' || !bucket || !contentType.startsWith('multipart/form-data')) return next();

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        ctx.status = 400;
        ctx.type = 'application/xml';
        ctx.body = errorXml({ status: 400, code: 'EntityTooLarge', message: 'Your proposed upload exceeds the maximum allowed size' });
        return;
      }
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const form = await new Request('http://s3.local/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
    const fields: Record<string, string> = {};
    let fileSize = 0;
    for (const [name, value] of form) {
      if (name === 'file') fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
      else if (typeof value === 'string') fields[name] = value;
    }
    const refusal = checkPostPolicy({ bucket: decodeURIComponent(bucket), fields, fileSize }, (id) =>
      id === credentials.accessKeyId ? credentials.secretAccessKey : undefined,
    );
    if (refusal) {
      ctx.status = refusal.status;
      ctx.type = 'application/xml';
      ctx.body = errorXml(refusal);
      return;
    }
    // s3rver reads the form itself: give it the same bytes, in a stream that is otherwise the request.
    const { headers, url, method, socket, httpVersion } = ctx.req;
    const replay = Object.assign(Readable.from([body]), { headers, url, method, socket, httpVersion });
    ctx.req = replay;
    ctx.request.req = replay;
    return next();
  };
}
