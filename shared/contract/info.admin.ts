import * as z from 'zod/mini';
import { presignedUploadSchema } from '../files/presigned-upload';
import { NEWS_MEDIA_MAX_BYTES, NEWS_MEDIA_TYPES, latestEntrySchema, latestListSchema, newsFields, newsMessages, newsSchema, type NewsMediaType } from '../news/news';
import { cmd, defineEndpoint, ownVersion } from './define';

const mediaTypes = Object.keys(NEWS_MEDIA_TYPES) as [NewsMediaType, ...NewsMediaType[]];

/** The `info` endpoint's admin cmds (info.ts has the public reads). Each edit is audited. */
export const infoAdminContract = defineEndpoint({
  path: 'info',
  cmds: {
    /** Replaces the start screen's entries: exactly LATEST_ENTRY_COUNT of them, in their order. */
    update_latest: cmd('admin', () => ({ latest: latestListSchema }), () => z.object({ latest: z.array(latestEntrySchema) }), { audit: true }),
    /**
     * Saves a news version: `id` null (or left out) adds a new one; else the version with that id is
     * replaced. Its `version` is the release version (text; null, empty or left out: none), so this call's
     * body carries no API version.
     */
    update_news: ownVersion(cmd('admin', () => ({ id: z.optional(z.nullable(z.int().check(z.positive()))), ...newsFields }), () => newsSchema, { audit: true })),
    /**
     * Starts the upload of a page's picture straight to storage: the answer's `upload` is a form to POST
     * the file with (its type and size are signed into it), `media_url` the public path it is served at.
     */
    create_news_media_upload: cmd(
      'admin',
      () => ({
        content_type: z.enum(mediaTypes, { error: newsMessages.mediaType }),
        size: z.int().check(z.minimum(1), z.maximum(NEWS_MEDIA_MAX_BYTES, newsMessages.mediaTooLarge)),
      }),
      () => z.object({ upload: presignedUploadSchema, media_url: z.string() }),
      { reads: true },
    ),
  },
});
