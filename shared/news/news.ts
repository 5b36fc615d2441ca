import * as z from 'zod/mini';
import { describeSize } from '../api';

/**
 * The desktop app's start screen (the Latest entries) and release news (News versions with pages), as
 * both sides read them: the limits, the accepted links and media, and the texts the info endpoint
 * answers with. Plain data and pure functions only.
 */

/** The start screen shows exactly this many entries: an update gives all of them, no more, no fewer. */
export const LATEST_ENTRY_COUNT = 3;
export const MAX_NEWS_TITLE_LENGTH = 200;
export const MAX_NEWS_TEXT_LENGTH = 10_000;
export const MAX_NEWS_VERSION_LENGTH = 40;
export const MAX_LINK_LENGTH = 2_000;
/** Pages of one news version: enough for a release, small enough to keep the record far below DynamoDB's 400 KB. */
export const MAX_NEWS_PAGES = 20;

/** A page's media: pictures only (no SVG: it can carry script), at most 5 MB, uploaded straight to storage. */
export const NEWS_MEDIA_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' } as const;
export type NewsMediaType = keyof typeof NEWS_MEDIA_TYPES;
export const NEWS_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** How long the browser may take to start the upload of a signed form. */
export const NEWS_MEDIA_UPLOAD_SECONDS = 600;

export const newsMessages = {
  latestCount: `Latest holds exactly ${LATEST_ENTRY_COUNT} entries`,
  titleRequired: 'Title is required',
  titleTooLong: `Title is at most ${MAX_NEWS_TITLE_LENGTH} characters`,
  textTooLong: `Text is at most ${MAX_NEWS_TEXT_LENGTH} characters`,
  versionText: 'Version is the release version as text, e.g. "3.5.0"',
  versionTooLong: `Version is at most ${MAX_NEWS_VERSION_LENGTH} characters`,
  link: 'Link must be an https:// address or a path of the portal starting with / (no spaces or backslashes)',
  mediaUrl: 'Media URL must be an https:// address or a path of the portal starting with / (no spaces or backslashes)',
  tooManyPages: `A news version has at most ${MAX_NEWS_PAGES} pages`,
  newsNotFound: (id: number) => `News ${id} not found`,
  mediaType: 'Media must be a PNG, JPEG, GIF or WebP picture',
  mediaTooLarge: `Media must be at most ${describeSize(NEWS_MEDIA_MAX_BYTES)}`,
  mediaLimit: `Pictures (PNG, JPEG, GIF, WebP) up to ${describeSize(NEWS_MEDIA_MAX_BYTES)}`,
} as const;

/**
 * An address a reader may follow: an absolute `https://` address, or a path of the portal. Browsers
 * and URL parsers read a backslash as a slash and drop tabs and line breaks, so `/\host` or `/\t/host`
 * is `//host`, another site: printable ASCII only, no backslash, and a path starts with one slash only
 * (what is left then always resolves to the portal itself). Never `javascript:`, `data:` or `http:`: the desktop app and the portal open these. No
 * user name or password in an address (`https://portal@host` reads as the portal and is not).
 */
export function isFollowableLink(value: string): boolean {
  if (!/^[!-~]+$/.test(value) || value.includes('\\')) return false;
  try {
    if (value.startsWith('/')) return !value.startsWith('//');
    const url = new URL(value);
    return /^https:\/\/[^/]/i.test(value) && url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A stored link or media address as a reader gets it: a followable one, or none (an entry saved under an older rule). */
export const followableOrNone = (value: string | null | undefined): string => (value && isFollowableLink(value) ? value : '');

const title = () => z.string().check(z.trim(), z.minLength(1, newsMessages.titleRequired), z.maxLength(MAX_NEWS_TITLE_LENGTH, newsMessages.titleTooLong));
const text = () => z.string().check(z.maxLength(MAX_NEWS_TEXT_LENGTH, newsMessages.textTooLong));
/** An address or nothing (empty). */
const optionalLink = (message: string) =>
  z.string().check(z.trim(), z.maxLength(MAX_LINK_LENGTH, message), z.refine((value) => value === '' || isFollowableLink(value), message));

/** A start-screen entry: title, text, link (empty: none) and whether it is shown as important. */
export const latestEntrySchema = z.object({
  title: title(),
  text: text(),
  link: optionalLink(newsMessages.link),
  important: z.boolean(),
});
export type LatestEntry = z.infer<typeof latestEntrySchema>;

/** The whole start screen: exactly LATEST_ENTRY_COUNT entries. */
export const latestListSchema = z.array(latestEntrySchema).check(z.length(LATEST_ENTRY_COUNT, newsMessages.latestCount));

/** A page of a news version: its picture, title, text and an optional link (null or empty: none; answered as null). */
export const newsPageSchema = z.object({
  media_url: optionalLink(newsMessages.mediaUrl),
  title: title(),
  text: text(),
  link: z.nullable(optionalLink(newsMessages.link)),
});
export type NewsPage = z.infer<typeof newsPageSchema>;

/** A news version: an id, its title, the release version it announces (null: none) and its pages. */
export const newsSchema = z.object({
  id: z.int(),
  title: z.string(),
  version: z.nullable(z.string()),
  pages: z.array(newsPageSchema),
});
export type News = z.infer<typeof newsSchema>;

/** What update_news takes besides the id (a version null or empty: none). */
export const newsFields = {
  title: title(),
  version: z.optional(z.nullable(z.string({ error: newsMessages.versionText }).check(z.trim(), z.maxLength(MAX_NEWS_VERSION_LENGTH, newsMessages.versionTooLong)))),
  pages: z.array(newsPageSchema).check(z.maxLength(MAX_NEWS_PAGES, newsMessages.tooManyPages)),
};
