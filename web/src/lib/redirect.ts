/**
 * The `redirect` query of /signin, kept to this site: a path starting with a single "/". Anything else
 * (another origin, "//host", a scheme) is ignored so the sign-in page cannot send users elsewhere.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Where a signed-out visit to `path` goes: /signin, with a way back for a deep link. */
export function signInPathFor(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  if (bare === '/' || bare === '/signin' || bare === '/signout') return '/signin';
  return `/signin?redirect=${encodeURIComponent(path)}`;
}
