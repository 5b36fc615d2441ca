import { randomUUID } from 'node:crypto';
import { NEWS_MEDIA_TYPES, NEWS_MEDIA_UPLOAD_SECONDS, type NewsMediaType } from '../../../shared/news/news';
import { buckets } from '../../lib/files/buckets';
import { presignedUpload } from '../../lib/files/presigned-upload';

/**
 * A news page's picture: uploaded by an admin's browser straight into the public news bucket under a
 * fresh name, and served from the bucket's declared path (CloudFront in AWS, the local server locally).
 * The exact size and type are signed into the form, so storage refuses any other file.
 */
export async function newsMediaUpload(contentType: NewsMediaType, size: number) {
  const key = `${randomUUID()}.${NEWS_MEDIA_TYPES[contentType]}`;
  const upload = await presignedUpload('news', key, { minBytes: size, maxBytes: size, contentType, expiresInSeconds: NEWS_MEDIA_UPLOAD_SECONDS });
  return { upload, media_url: `${buckets.news.served.path}/${key}` };
}
