import { joinContracts } from '../../shared/contract/define';
import { infoContract } from '../../shared/contract/info';
import { infoAdminContract } from '../../shared/contract/info.admin';
import { createEndpointApp } from '../endpoint';
import { createNewsMediaUpload, getAllNews, getLatest, updateLatest, updateNews } from './handlers/news';

/** The whole `info` endpoint: the public reads of the desktop app and the admin edits. */
export const infoEndpointContract = joinContracts(infoContract, infoAdminContract);

export const app = createEndpointApp(infoEndpointContract, {
  get_latest: getLatest,
  get_all_news: getAllNews,
  update_latest: updateLatest,
  update_news: updateNews,
  create_news_media_upload: createNewsMediaUpload,
});
