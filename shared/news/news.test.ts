import { describe, expect, it } from 'vitest';
import { followableOrNone, isFollowableLink, latestListSchema, newsMessages } from './news';

const entry = { title: 'A', text: '', link: '', important: false };

describe('news rules', () => {
  it('follow only https addresses and the portal’s own paths', () => {
    for (const link of ['https://docs.qoitech.com/x?a=1#b', 'HTTPS://shop.qoitech.com', '/download', '/news-media/a.png', '/download?version=3.6.0']) {
      expect(isFollowableLink(link), link).toBe(true);
    }
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'http://example.com', '//evil.example', 'example.com', 'https://a b', 'https:evil.example', 'https:/evil.example']) {
      expect(isFollowableLink(link), link).toBe(false);
    }
  });

  it('refuse a path a browser reads as another site: backslashes, tabs and line breaks, credentials', () => {
    for (const link of ['/\\evil.example', '/\\/evil.example', '\\\\evil.example', '/\t/evil.example', '/\n/evil.example', ' //evil.example', 'https://portal@evil.example', 'https://evil.example\\@portal', '/ü']) {
      expect(isFollowableLink(link), JSON.stringify(link)).toBe(false);
    }
  });

  it('answer a stored link of an older rule as none', () => {
    expect(followableOrNone('/\\evil.example')).toBe('');
    expect(followableOrNone('http://example.com')).toBe('');
    expect(followableOrNone(null)).toBe('');
    expect(followableOrNone('/download')).toBe('/download');
  });

  it('take exactly three Latest entries', () => {
    expect(latestListSchema.safeParse([entry, entry, entry]).success).toBe(true);
    for (const list of [[], [entry, entry], [entry, entry, entry, entry]]) {
      const parsed = latestListSchema.safeParse(list);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(newsMessages.latestCount);
    }
  });
});
