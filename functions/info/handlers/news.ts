import type { infoContract } from '../../../shared/contract/info';
import type { infoAdminContract } from '../../../shared/contract/info.admin';
import { newsMessages } from '../../../shared/news/news';
import { newsMediaUpload } from '../../domain/news/news-media';
import { allNews, readLatest, saveLatest, saveNews } from '../../domain/news/news.repository';
import type { EndpointHandlers } from '../../endpoint';
import { notFound } from '../../lib/errors';

type Reads = EndpointHandlers<typeof infoContract>;
type Edits = EndpointHandlers<typeof infoAdminContract>;

export const getLatest: Reads['get_latest'] = async () => ({ latest: await readLatest() });

export const getAllNews: Reads['get_all_news'] = async () => ({ news: await allNews() });

/** The contract has checked that there are exactly three entries. */
export const updateLatest: Edits['update_latest'] = async ({ latest }) => ({ latest: await saveLatest(latest) });

export const updateNews: Edits['update_news'] = async ({ id, title, version, pages }) => {
  const saved = await saveNews(id ?? null, { title, version, pages });
  if (!saved) throw notFound(newsMessages.newsNotFound(id!));
  return saved;
};

export const createNewsMediaUpload: Edits['create_news_media_upload'] = ({ content_type, size }) => newsMediaUpload(content_type, size);
