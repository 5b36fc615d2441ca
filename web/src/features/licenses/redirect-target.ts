/**
 * The `redirect` query of /licenses (spec §2: the browser goes to that URL), e.g. back to the shop or the
 * forum after signing in. Any web address is allowed, as the product did; a `javascript:` or `data:`
 * address, or one with control characters, is not followed.
 */
export function redirectTarget(value: string | null, base: string): string | null {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
