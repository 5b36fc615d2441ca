import { paths, withQuery } from './routing/paths';

/**
 * What a `redirect` query asks for: `{ to }` to follow (a path of this site, or the full address on an
 * allowed site), or `{ refused }` for an address that may not be followed; null when none is given.
 */
export type RedirectDecision = { to: string; external: boolean } | { refused: true };

/** The texts a refused redirect shows. */
export const redirectMessages = {
  refused: 'The address this link would send you on to is not a site of this portal, so it was ignored.',
} as const;

/**
 * Checks a `redirect` query. A browser drops tabs and line breaks from a URL and reads "\" as "/", so
 * "/\t/host" or "/\host" would go to another origin: anything with a control character or a backslash
 * is refused outright. What is left must be http(s) and on this site (`siteOrigin`: the path, query and
 * fragment are followed) or on one of the sites the operator lists in /config.json (`allowedOrigins`:
 * the full address). Anything else (another site, `javascript:`, `data:`) is refused, never followed, so
 * no route of the portal is an open redirect.
 */
export function checkRedirect(
  value: string | null | undefined,
  siteOrigin: string,
  allowedOrigins: readonly string[] = [],
): RedirectDecision | null {
  if (!value) return null;
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return { refused: true };
  let url: URL;
  try {
    url = new URL(value, siteOrigin);
  } catch {
    return { refused: true };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: true };
  if (url.origin === siteOrigin) {
    // Dot segments are resolved away ("/.//host", "/x/..//host"): a path that then starts with "//" is
    // read by the browser as another origin, so it is no path of this site.
    if (url.pathname.startsWith('//')) return { refused: true };
    return { to: `${url.pathname}${url.search}${url.hash}`, external: false };
  }
  if (allowedOrigins.includes(url.origin)) return { to: url.href, external: true };
  return { refused: true };
}

let leavingFor: string | undefined;

/**
 * Sends the browser on to `href` once. The page may render the component that asked again while it is
 * being left (the signed-in routes take over); a second navigation to the same address would cut the
 * first one off, so it is not started.
 */
export function leaveFor(href: string): void {
  if (leavingFor === href) return;
  leavingFor = href;
  window.location.assign(href);
}

/** Where a signed-out visit to `path` goes: /signin, with a way back for a deep link. */
export function signInPathFor(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  if (bare === '/' || bare === paths.signIn || bare === paths.signOut) return paths.signIn;
  return withQuery(paths.signIn, { redirect: path });
}
