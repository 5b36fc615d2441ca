import { infoEndpointContract } from '../../shared/contract/info.endpoint';
import { createEndpointApp } from '../endpoint';
import { createNewsMediaUpload, getAllNews, getLatest, updateLatest, updateNews } from './handlers/news';


export const app = createEndpointApp(infoEndpointContract, {
  get_latest: getLatest,
  get_all_news: getAllNews,
  update_latest: updateLatest,
  update_news: updateNews,
  create_news_media_upload: createNewsMediaUpload,
});
