import * as crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signLink } from '../../functions/lib/files/signed-links';
import { signedLinkCheckCode, spaFallbackCode, stripPrefixCode } from './edge-functions';

interface ViewerRequestEvent {
  request: { uri: string; method: string; querystring: Record<string, unknown> };
}
type Handler = (event: ViewerRequestEvent) => ViewerRequestEvent['request'];

/** Evaluates a CloudFront Function's source the way the runtime does: a global `handler`. */
function load(code: string): Handler {
  return new Function(`${code}\nreturn handler;`)() as Handler;
}

const uriAfter = (code: string, uri: string) =>
  load(code)({ request: { uri, method: 'GET', querystring: {} } }).uri;

describe('SPA fallback function', () => {
  it.each(['/', '/signin', '/cases/12', '/licenses/', '/admin/users'])('serves index.html for the route %s', (uri) => {
    expect(uriAfter(spaFallbackCode, uri)).toBe('/index.html');
  });

  it.each(['/config.json', '/assets/index-3f2a1b.js', '/favicon.ico', '/assets/missing.css'])(
    'passes the file %s through, so a missing file is not answered with HTML',
    (uri) => {
      expect(uriAfter(spaFallbackCode, uri)).toBe(uri);
    },
  );
});

describe('prefix-stripping function', () => {
  it.each([
    ['/data/versions.json', '/versions.json'],
    ['/downloads/otii-3.5.0-win.zip', '/otii-3.5.0-win.zip'],
    ['/umdata/1c9e7f2a.csv', '/1c9e7f2a.csv'],
    ['/downloads/firmware/arc-1.2.bin', '/firmware/arc-1.2.bin'],
    ['/data/', '/'],
    ['/data', '/'],
  ])('maps %s to the bucket key %s', (uri, key) => {
    expect(uriAfter(stripPrefixCode, uri)).toBe(key);
  });
});

describe('signed-link check function', () => {
  const secret = 'k3y0fTh3l1nk5';
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  /** The check's source run as CloudFront runs it: its `crypto` module, and a clock at `at` (ms). */
  const check = (link: string, at = now, key = secret, headers: Record<string, { value: string }> = {}) => {
    const code = signedLinkCheckCode(key, { '/attachments': '/api/case/attachments' });
    const handler = new Function('require', 'Date', `${code}\nreturn handler;`)(() => crypto, { now: () => at }) as (event: unknown) => {
      uri?: string;
      querystring?: object;
      statusCode?: number;
      headers?: Record<string, { value: string }>;
      body?: { data: string };
    };
    const url = new URL(link, 'https://portal.example');
    const querystring = Object.fromEntries([...url.searchParams].map(([name, value]) => [name, { value }]));
    return handler({ request: { uri: url.pathname, method: 'GET', querystring, headers } });
  };

  it("sends a request with the caller's token and no link query on to the API at a token path, and refuses it elsewhere", () => {
    const token = { authorization: { value: 'Bearer eyJ…' } };
    expect(check('/attachments/12/7/run.log', now, secret, token)).toMatchObject({
      statusCode: 307,
      headers: { location: { value: '/api/case/attachments/12/7/run.log' }, 'cache-control': { value: 'no-store' } },
    });
    expect(check('/umdata/3f2a.csv', now, secret, token)).toMatchObject({ statusCode: 403 });
    expect(check('/attachments/12/7/run.log')).toMatchObject({ statusCode: 403 });
    expect(check('/__proto__/x', now, secret, token)).toMatchObject({ statusCode: 403 });
  });
  const expires = now / 1000 + 600;
  const link = signLink('/umdata', '3f2a.csv', expires, secret);

  it('lets a link the files module signed read its bucket key, without the query', () => {
    expect(link).toMatch(/^\/umdata\/3f2a\.csv\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect(check(link)).toMatchObject({ uri: '/3f2a.csv', querystring: {} });
    expect(check(link, expires * 1000 - 1)).toMatchObject({ uri: '/3f2a.csv' });
  });

  it('keeps the path below the prefix, each segment as signed', () => {
    const attachment = signLink('/attachments', '12/7/site photo.png', expires, secret);
    expect(attachment.startsWith('/attachments/12/7/site%20photo.png?')).toBe(true);
    expect(check(attachment)).toMatchObject({ uri: '/12/7/site%20photo.png' });
  });

  it('refuses a link from its expiry on, with a 403 answered at the edge', () => {
    for (const at of [expires * 1000, expires * 1000 + 1, expires * 1000 + 86_400_000]) {
      expect(check(link, at)).toMatchObject({ statusCode: 403, body: { data: 'This link has expired or is not valid.' } });
    }
  });

  it.each([
    ['a later expiry', link.replace(`expires=${expires}`, `expires=${expires + 3600}`)],
    ['another object', link.replace('3f2a.csv', '3f2b.csv')],
    ['another prefix', link.replace('/umdata/', '/attachments/')],
    ['no signature', `/umdata/3f2a.csv?expires=${expires}`],
    ['no expiry', link.replace(/expires=\d+&/, '')],
    ['no query', '/umdata/3f2a.csv'],
    ['an expiry that is not a number', link.replace(`expires=${expires}`, 'expires=1e99')],
  ])('refuses a link with %s', (_case, tampered) => {
    expect(check(tampered)).toMatchObject({ statusCode: 403 });
  });

  it('refuses a link signed with another key', () => {
    expect(check(signLink('/umdata', '3f2a.csv', expires, 'another-key'))).toMatchObject({ statusCode: 403 });
  });
});
