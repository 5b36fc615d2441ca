import { describe, expect, it } from 'vitest';
import { isFollowableLink, latestListSchema, newsMessages } from './news';

const entry = { title: 'A', text: '', link: '', important: false };

describe('news rules', () => {
  it('follow only http(s) addresses and the portal’s own paths', () => {
    for (const link of ['https://example.com/x', 'http://example.com', '/download', '/news-media/a.png']) expect(isFollowableLink(link), link).toBe(true);
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'example.com', 'https://a b']) expect(isFollowableLink(link), link).toBe(false);
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
