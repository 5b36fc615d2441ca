/**
 * CloudFront Functions (cloudfront-js-2.0) of the distribution, kept as source strings so that unit
 * tests can run the very code CloudFront runs.
 */

/**
 * Viewer request on the SPA's default behaviour: a path whose last segment has no file extension is a
 * client-side route (/signin, /cases/12), so it is answered with /index.html. Files (/config.json,
 * /assets/app-1a2b.js) pass through, and a missing file stays a 403/404 rather than becoming HTML.
 * Only the default behaviour runs this, so /api/* answers are never rewritten.
 */
export const spaFallbackCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * Viewer request on the behaviours of buckets served at a path (/data/*, /downloads/*): drops the first path
 * segment, so /data/versions.json reads the key versions.json of the data bucket. Bucket keys are the
 * names the product uses, without the CloudFront prefix.
 */
export const stripPrefixCode = `function handler(event) {
  var request = event.request;
  var stripped = request.uri.replace(/^\\/[^\\/]+/, '');
  request.uri = stripped === '' ? '/' : stripped;
  return request;
}`;

/**
 * Viewer request on the `signed` bucket behaviours (/umdata/*, /attachments/*): a link works only with
 * `expires` (epoch seconds) not yet reached and `signature`, the HMAC-SHA256 (hex) of the path as sent
 * and the expiry with the link-signing key (functions/lib/files/signed-links.ts makes them). Anything
 * else is a 403 answered here, before the bucket is asked; a valid link reads the bucket key below the
 * first path segment, without the query. The local server runs this very code for the same paths. The
 * key is part of the source: in AWS a deploy-time reference to the secret (readable by whoever may read
 * the distribution's functions, as the origin header's value is by whoever may read its configuration).
 * A request without a link's query but with the caller's token (`Authorization`) at a path of
 * `tokenPaths` (a prefix → the API path that takes such requests) is sent on there (307, which keeps the
 * header on the same origin): the API checks the token, which this function cannot.
 */
export const signedLinkCheckCode = (secret: string, tokenPaths: Record<string, string> = {}): string =>
  `var crypto = require('crypto');
var SECRET = ${JSON.stringify(secret)};
var TOKEN_PATHS = ${JSON.stringify(tokenPaths)};
function refuse() {
  return {
    statusCode: 403,
    statusDescription: 'Forbidden',
    headers: { 'content-type': { value: 'text/plain; charset=utf-8' }, 'cache-control': { value: 'no-store' } },
    body: { encoding: 'text', data: 'This link has expired or is not valid.' }
  };
}
function byToken(request) {
  var prefix = request.uri.substring(0, request.uri.indexOf('/', 1));
  if (!Object.prototype.hasOwnProperty.call(TOKEN_PATHS, prefix)) return null;
  return {
    statusCode: 307,
    statusDescription: 'Temporary Redirect',
    headers: { location: { value: TOKEN_PATHS[prefix] + request.uri.substring(prefix.length) }, 'cache-control': { value: 'no-store' } }
  };
}
function handler(event) {
  var request = event.request;
  var query = request.querystring;
  if (!query.expires && !query.signature && request.headers && request.headers.authorization) {
    var sent = byToken(request);
    if (sent) return sent;
  }
  var expires = query.expires ? query.expires.value : '';
  var signature = query.signature ? query.signature.value : '';
  if (!/^[0-9]{1,12}$/.test(expires) || Date.now() >= Number(expires) * 1000) return refuse();
  var expected = crypto.createHmac('sha256', SECRET).update(request.uri + '\\n' + expires).digest('hex');
  if (signature !== expected) return refuse();
  var stripped = request.uri.replace(/^\\/[^\\/]+/, '');
  request.uri = stripped === '' ? '/' : stripped;
  request.querystring = {};
  return request;
}`;
