import { describe, expect, it } from 'vitest';
import { linkPortalAddresses } from './mailbox-links';

describe("the local mailbox's links", () => {
  it("links this portal's addresses to the same path on the page's origin", () => {
    expect(linkPortalAddresses('See the case at http://127.0.0.1:3000/cases/12', '3000')).toBe(
      'See the case at <a href="/cases/12">http://127.0.0.1:3000/cases/12</a>',
    );
    expect(linkPortalAddresses('http://localhost:3000/cases/7\nnext line', '3000')).toBe('<a href="/cases/7">http://localhost:3000/cases/7</a>\nnext line');
  });

  it('leaves any other address as text: another port, another host, a relative path', () => {
    for (const text of ['http://127.0.0.1:4000/cases/12', 'https://evil.example/cases/12', 'http://127.0.0.1.evil.example:3000/x', '/cases/12']) {
      expect(linkPortalAddresses(text, '3000')).toBe(text);
    }
  });

  it('never links to another host through a path that starts with //', () => {
    expect(linkPortalAddresses('http://127.0.0.1:3000//evil.example/x', '3000')).not.toContain('href="//');
  });

  it('never lets a quote or a tag of the (escaped) text into the link', () => {
    expect(linkPortalAddresses('http://127.0.0.1:3000/cases/1&quot;&gt;&lt;script&gt;', '3000')).toBe(
      '<a href="/cases/1">http://127.0.0.1:3000/cases/1</a>&quot;&gt;&lt;script&gt;',
    );
  });
});
