import { crc32, deflateSync } from 'node:zlib';
import type { LatestEntry } from '../../shared/news/news';
import { allNews, readLatest, saveLatest, saveNews } from '../../functions/domain/news/news.repository';
import { buckets } from '../../functions/lib/files/buckets';
import { putFile } from '../../functions/lib/files/files';
import { withCall } from '../../functions/lib/call-context';

/** The demo start screen: three entries, the first important. */
const DEMO_LATEST: LatestEntry[] = [
  { title: 'Version 3.5 is out', text: 'Faster CSV exports and a smaller installer.', link: '/download', important: true },
  { title: 'Battery profiling webinar', text: 'Live on the first Thursday of the month.', link: 'https://example.com/webinar', important: false },
  { title: 'Ask the community', text: 'Questions and scripts from other users in the forum.', link: '', important: false },
];

/** A small PNG banner (a gradient in the portal's blue), made here so the seed carries no binary file. */
function bannerPng(width = 480, height = 160): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = 20 + Math.round((x / width) * 40);
      rows[at + 1] = 90 + Math.round((y / height) * 60);
      rows[at + 2] = 200 + Math.round((x / width) * 40);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The demo Latest entries and two news versions (one with a picture in the news bucket), written by the
 * demo admin as the screens write them (with their audit entries). Only into an empty start screen and
 * news: what an admin edited locally is kept across restarts.
 */
export async function seedDemoNews(adminId: number): Promise<void> {
  // The admin is the actor of the entries, as of an admin's call.
  await withCall({ endpoint: 'info', request_id: 'demo-seed-news', actor_user_id: adminId }, writeDemoNews);
}

async function writeDemoNews(): Promise<void> {
  if ((await readLatest()).length === 0) await saveLatest(DEMO_LATEST);
  if ((await allNews()).length > 0) return;
  const key = 'demo-banner.png';
  await putFile('news', key, bannerPng(), { contentType: 'image/png' });
  await saveNews(null, { title: 'Version 3.4', version: '3.4.0', pages: [{ media_url: '', title: 'Battery profiles', text: 'Profile a battery once, replay it in every test.', link: null }] });
  await saveNews(
    null,
    {
      title: 'Version 3.5',
      version: '3.5.0',
      pages: [
        { media_url: `${buckets.news.served.path}/${key}`, title: 'Faster exports', text: 'CSV exports take half the time.', link: null },
        { media_url: '', title: 'Smaller installer', text: 'The installer is a third smaller.', link: '/download' },
      ],
    },
  );
}
