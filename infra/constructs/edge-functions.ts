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
 * Viewer request on the bucket behaviours (/data/*, /downloads/*, /umdata/*): drops the first path
 * segment, so /data/versions.json reads the key versions.json of the data bucket. Bucket keys are the
 * names the product uses, without the CloudFront prefix.
 */
export const stripPrefixCode = `function handler(event) {
  var request = event.request;
  var stripped = request.uri.replace(/^\\/[^\\/]+/, '');
  request.uri = stripped === '' ? '/' : stripped;
  return request;
}`;
