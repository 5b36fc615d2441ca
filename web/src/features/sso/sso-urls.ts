import { checkRedirect, type RedirectDecision } from '../../lib/redirect';

/**
 * DiscourseConnect in the browser: reading the forum's request, building the URL back to the forum, and
 * where /ssosignout may send the browser. Pure functions, unit-tested.
 */

/** The texts this feature shows ("No response from sso server" is the product's, word for word). */
export const ssoMessages = {
  noResponse: 'No response from sso server',
  malformed: 'Single sign-on request is malformed',
} as const;

export interface SsoRequest {
  sso: string;
  sig: string;
}

/**
 * `sso` and `sig` from the query. Base64 never holds a space, so a space can only be a '+' the forum (or
 * a proxy) left unencoded; it is put back rather than failing the signature check.
 */
export function readSsoRequest(params: URLSearchParams): SsoRequest | null {
  const sso = params.get('sso')?.replace(/ /g, '+');
  const sig = params.get('sig');
  return sso && sig ? { sso, sig } : null;
}

/**
 * The forum's login URL with the signed answer: `return_sso_url` plus `sso` (percent-encoded once, so a
 * '+' in the base64 survives) and `sig`. Null when `return_sso_url` is not an http(s) URL.
 */
export function forumLoginUrl(returnSsoUrl: string, sso: string, sig: string): string | null {
  let url: URL;
  try {
    url = new URL(returnSsoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const separator = returnSsoUrl.includes('?') ? '&' : '?';
  return `${returnSsoUrl}${separator}sso=${encodeURIComponent(sso)}&sig=${encodeURIComponent(sig)}`;
}

/**
 * Where /ssosignout?redirect=… may go after signing out: a path of this site, a site the operator allows
 * in /config.json, or the forum this browser signed in to through single sign-on (its origin is
 * remembered from the server-verified return_sso_url). Anything else is refused, so the route is no
 * open redirect.
 */
export function ssoSignOutRedirect(
  redirect: string | null,
  siteOrigin: string,
  allowedOrigins: readonly string[],
  forumOrigin: string | null,
): RedirectDecision | null {
  return checkRedirect(redirect, siteOrigin, forumOrigin ? [...allowedOrigins, forumOrigin] : allowedOrigins);
}
