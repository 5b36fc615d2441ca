import { describe, expect, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { NEWS_MEDIA_MAX_BYTES, newsMessages, type LatestEntry, type News } from '../../shared/news/news';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { NewsEntity } from '../../functions/domain/news/news.entity';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { withUserId } from '../support/licenses';

/**
 * The `info` endpoint over the wire: the desktop app's reads need no session, the edits are an admin's
 * only, Latest keeps exactly three entries, every edit leaves its audit entry, and a news picture uploads
 * by a presigned form and is served at its public path. The screens are web/test/screens/latest-news.
 */
const { baseUrl } = stackContext();
const customer = createConfirmedUser().then(withUserId);
const admin = createAdminUser().then(withUserId);

const info = (cmd: string, params: Record<string, unknown> = {}, token?: string) => callApi('info', { cmd, ...params }, token);
/** update_news carries its own `version` (the release's), so no API version goes with it, as the SPA sends it. */
const updateNews = async (params: Record<string, unknown>, token: string) => {
  const response = await fetch(`${baseUrl}/api/info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ cmd: 'update_news', client: 'web', ...params }),
  });
  return { status: response.status, body: (await response.json()) as { status: string; data?: News; message?: string } };
};

const entry = (n: number, fields: Partial<LatestEntry> = {}): LatestEntry => ({ title: `Entry ${n}`, text: `Text ${n}`, link: '/download', important: n === 1, ...fields });
const page = { media_url: '', title: 'What is new', text: 'Faster exports.', link: null };

describe('the info endpoint', () => {
  it('answers the desktop app’s reads without a session', async () => {
    const latest = await info('get_latest');
    expect(latest.status).toBe(200);
    expect(Array.isArray((latest.body.data as { latest: unknown[] }).latest)).toBe(true);
    const news = await info('get_all_news');
    expect(news.status).toBe(200);
    expect(Array.isArray((news.body.data as { news: unknown[] }).news)).toBe(true);
  });

  it('refuses a customer’s update_latest and update_news, and changes nothing', async () => {
    const { accessToken } = await customer;
    const before = (await info('get_latest')).body.data;
    const latest = await info('update_latest', { latest: [entry(1), entry(2), entry(3)] }, accessToken);
    expect(latest).toEqual({ status: 403, body: { status: 'error', message: apiMessages.adminOnly } });
    const news = await updateNews({ title: 'Sneaky', version: '9.9', pages: [page] }, accessToken);
    expect(news).toEqual({ status: 403, body: { status: 'error', message: apiMessages.adminOnly } });
    expect((await info('get_latest')).body.data).toEqual(before);
    expect(((await info('get_all_news')).body.data as { news: News[] }).news.map((item) => item.title)).not.toContain('Sneaky');
  });

  it('keeps exactly three Latest entries: two or four are refused with a clear message and change nothing', async () => {
    const { accessToken } = await admin;
    const saved = await info('update_latest', { latest: [entry(1), entry(2), entry(3)] }, accessToken);
    expect(saved.status, String(saved.body.message)).toBe(200);
    for (const latest of [[entry(1), entry(2)], [entry(1), entry(2), entry(3), entry(4)], []]) {
      const refused = await info('update_latest', { latest }, accessToken);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(`latest: ${newsMessages.latestCount}`);
    }
    expect((await info('get_latest')).body.data).toEqual({ latest: [entry(1), entry(2), entry(3)] });
  });

  it('saves the Latest entries and news versions with an audit entry each; a link that is no address is refused', async () => {
    const { accessToken, id: adminId } = await admin;
    const latest = [entry(1, { title: 'Release 3.5' }), entry(2), entry(3, { link: '' })];
    expect((await info('update_latest', { latest }, accessToken)).status).toBe(200);
    expect((await info('get_latest')).body.data).toEqual({ latest });
    const badLink = await info('update_latest', { latest: [entry(1, { link: 'javascript:alert(1)' }), entry(2), entry(3)] }, accessToken);
    expect(badLink).toEqual({ status: 400, body: { status: 'error', message: `latest.0.link: ${newsMessages.link}` } });

    const added = await updateNews({ id: null, title: 'Otii 3.5', version: '3.5.0', pages: [page] }, accessToken);
    expect(added.status, String(added.body.message)).toBe(200);
    const id = added.body.data!.id;
    const edited = await updateNews({ id, title: 'Otii 3.5', version: '3.5.1', pages: [page, { ...page, title: 'Second', link: 'https://example.com' }] }, accessToken);
    expect(edited.body.data).toEqual({ id, title: 'Otii 3.5', version: '3.5.1', pages: [page, { ...page, title: 'Second', link: 'https://example.com' }] });
    const all = ((await info('get_all_news')).body.data as { news: News[] }).news;
    expect(all.find((item) => item.id === id)).toEqual(edited.body.data);
    expect(all.map((item) => item.id)).toEqual([...all.map((item) => item.id)].sort((a, b) => b - a));
    expect((await updateNews({ id: 99_999_999, title: 'Nothing', version: null, pages: [] }, accessToken)).body).toEqual({ status: 'error', message: newsMessages.newsNotFound(99_999_999) });

    const audit = await callApi('user', { cmd: 'get_audit_entries', by_user_id: adminId, limit: 100 }, accessToken);
    const entries = (audit.body.data as { entries: { action: string; target: string | null; before: string | null; after: string | null }[] }).entries;
    expect(entries.filter((e) => e.action === 'update_latest').length).toBeGreaterThanOrEqual(2);
    const newsEntries = entries.filter((e) => e.action === 'update_news' && e.target === `news#${id}`);
    expect(newsEntries).toHaveLength(2);
    expect(JSON.parse(newsEntries[0]!.before!)).toMatchObject({ version: '3.5.0' });
    expect(JSON.parse(newsEntries[0]!.after!)).toMatchObject({ version: '3.5.1' });
  });

  it('refuses a link or picture address that leaves the portal, and answers one stored under an older rule as none', async () => {
    const { accessToken } = await admin;
    for (const link of ['/\\evil.example', 'http://example.com', '/\t/evil.example']) {
      const refused = await info('update_latest', { latest: [entry(1, { link }), entry(2), entry(3)] }, accessToken);
      expect(refused, link).toEqual({ status: 400, body: { status: 'error', message: `latest.0.link: ${newsMessages.link}` } });
      const news = await updateNews({ title: 'Leaves', version: null, pages: [{ ...page, link, media_url: link }] }, accessToken);
      expect(news.status, link).toBe(400);
      expect(news.body.message).toContain(newsMessages.link);
    }
    // A version saved before the rule: its stored link and picture leave the portal.
    const saved = await updateNews({ title: 'Older rule', version: null, pages: [page] }, accessToken);
    const id = saved.body.data!.id;
    await asUnit({ endpoint: 'info' }, () =>
      NewsEntity.build(UpdateItemCommand).item({ id, pages: [{ ...page, link: '/\\evil.example', media_url: 'http://evil.example/a.png' }] }).send(),
    );
    const read = ((await info('get_all_news')).body.data as { news: News[] }).news.find((item) => item.id === id);
    expect(read?.pages).toEqual([{ ...page, media_url: '', link: null }]);
  });

  it('uploads a news picture by a presigned form (pictures only, the size signed in) and serves it at its public path', async () => {
    const { accessToken } = await admin;
    const bytes = new Uint8Array(300).fill(9);
    const started = await info('create_news_media_upload', { content_type: 'image/png', size: bytes.length }, accessToken);
    expect(started.status, String(started.body.message)).toBe(200);
    const { upload, media_url } = started.body.data as { upload: { url: string; fields: Record<string, string> }; media_url: string };
    expect(media_url).toMatch(/^\/news-media\/[0-9a-f-]{36}\.png$/);

    const post = (body: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      form.append('file', new Blob([body], { type }), 'picture.png');
      return fetch(upload.url, { method: 'POST', body: form });
    };
    // Another size than signed is refused by storage; the signed one is stored and served to anyone.
    expect((await post(new Uint8Array(301), 'image/png')).ok).toBe(false);
    expect((await post(bytes, 'image/png')).ok).toBe(true);
    const served = await fetch(`${baseUrl}${media_url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

    const notPicture = await info('create_news_media_upload', { content_type: 'image/svg+xml', size: 10 }, accessToken);
    expect(notPicture.body).toEqual({ status: 'error', message: `content_type: ${newsMessages.mediaType}` });
    const tooLarge = await info('create_news_media_upload', { content_type: 'image/png', size: NEWS_MEDIA_MAX_BYTES + 1 }, accessToken);
    expect(tooLarge.body).toEqual({ status: 'error', message: `size: ${newsMessages.mediaTooLarge}` });
  });
});
