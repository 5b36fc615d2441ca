import { describe, expect, it } from 'vitest';
import { spaFallbackCode, stripPrefixCode } from './edge-functions';

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
