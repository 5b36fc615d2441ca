import { paths, withQuery } from './routing/paths';

const THIS_SITE = 'https://portal.invalid';

/**
 * The `redirect` query of /signin, kept to this site. A browser drops tabs and line breaks from a URL
 * and reads "\\" as "/", so "/\t/host" or "/\\host" would go to another origin: anything with a
 * control character or a backslash is refused, and what is left must resolve to this site's origin.
 * The answer is the path, query and fragment the browser would open.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return null;
  }
  return url.origin === THIS_SITE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** Where a signed-out visit to `path` goes: /signin, with a way back for a deep link. */
export function signInPathFor(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  if (bare === '/' || bare === paths.signIn || bare === paths.signOut) return paths.signIn;
  return withQuery(paths.signIn, { redirect: path });
}
