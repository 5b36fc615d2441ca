/** The forum this browser last signed in to through single sign-on; /ssosignout may return there. */
const FORUM_ORIGIN_KEY = 'portal.forumOrigin';

export function rememberForumOrigin(url: string): void {
  try {
    localStorage.setItem(FORUM_ORIGIN_KEY, new URL(url).origin);
  } catch {
    // Storage full or blocked: sign-out then ends at /signin instead of the forum.
  }
}

export function rememberedForumOrigin(): string | null {
  try {
    return localStorage.getItem(FORUM_ORIGIN_KEY);
  } catch {
    return null;
  }
}
