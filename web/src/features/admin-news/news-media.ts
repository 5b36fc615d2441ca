import { infoAdminContract } from '../../../../shared/contract/info.admin';
import { NEWS_MEDIA_MAX_BYTES, NEWS_MEDIA_TYPES, newsMessages, type NewsMediaType } from '../../../../shared/news/news';
import { call } from '../../api/client';
import { failureMessage } from '../../lib/forms/use-submit';
import { newsScreenMessages } from './messages';

const isMediaType = (type: string): type is NewsMediaType => Object.hasOwn(NEWS_MEDIA_TYPES, type);

/** A picture refused before or by storage: its text is shown as it is. */
export class NewsMediaRefusedError extends Error {}
const refusal = (message: string) => new NewsMediaRefusedError(message);

/** What a failed upload shows: the refusal's own text, else the API call's. */
export const uploadFailure = (error: unknown): string => (error instanceof NewsMediaRefusedError ? error.message : failureMessage(error));

/**
 * Uploads a page's picture: checked here first (type, size: the same rules the server signs into the
 * form), then `info/create_news_media_upload` and the POST of the signed form (its fields, then the file).
 * Answers the public path the picture is served at.
 */
export async function uploadNewsMedia(file: File): Promise<string> {
  if (!isMediaType(file.type)) throw refusal(newsMessages.mediaType);
  if (file.size > NEWS_MEDIA_MAX_BYTES) throw refusal(newsMessages.mediaTooLarge);
  const { upload, media_url } = await call(infoAdminContract, 'create_news_media_upload', { content_type: file.type, size: file.size });
  const form = new FormData();
  for (const [field, value] of Object.entries(upload.fields)) form.append(field, value);
  form.append('file', file);
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  if (!stored.ok) throw refusal(newsScreenMessages.uploadFailed);
  return media_url;
}
