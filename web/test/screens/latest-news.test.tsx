import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { infoContract } from '../../../shared/contract/info';
import { infoAdminContract } from '../../../shared/contract/info.admin';
import { NEWS_MEDIA_MAX_BYTES, newsMessages, type LatestEntry, type News } from '../../../shared/news/news';
import { api } from '../support/fake-api';
import { ADMIN, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';
import { findErrorBanner, findNotification } from '../support/results';

/**
 * /latest and /news, the desktop app's start-screen entries and release news as an admin edits them. What
 * the server keeps, refuses and audits is test/integration/info; one real edit in a browser is test/e2e/news.
 */

const LATEST: LatestEntry[] = [
  { title: 'Otii 3.5 is out', text: 'Faster exports.', link: '/download', important: true },
  { title: 'Webinar', text: 'Battery profiling, live.', link: 'https://example.com/webinar', important: false },
  { title: 'Forum', text: 'Ask the community.', link: '', important: false },
];

const NEWS: News[] = [
  {
    id: 2,
    title: 'Otii 3.5',
    version: '3.5.0',
    pages: [{ media_url: '/news-media/a.png', title: 'Faster exports', text: 'CSV in half the time.', link: null }],
  },
  { id: 1, title: 'Otii 3.4', version: null, pages: [{ media_url: '', title: 'Battery', text: 'New profiles.', link: 'https://example.com/3.4' }] },
];

const field = (label: string, container: HTMLElement = document.body) => within(container).getByRole('textbox', { name: new RegExp(`^${label}`) });
/** A news form's own Title (its pages have one each too). */
const versionTitle = (form: HTMLElement) => within(form).getAllByRole('textbox', { name: /^Title/ })[0]!;

describe('the Latest screen', () => {
  async function openLatest(entries: LatestEntry[] = LATEST) {
    answerProfile(ADMIN);
    api.answer(infoContract, 'get_latest', { latest: entries });
    api.answer(infoAdminContract, 'update_latest', ({ latest }) => ({ latest }));
    const rendered = await renderScreen('/latest', { as: 'admin', title: 'Latest' });
    await screen.findByRole('group', { name: 'Entry 1' });
    return rendered;
  }

  it('shows exactly three entries to edit, with blanks for entries not written yet', async () => {
    await openLatest(LATEST.slice(0, 1));
    expect(screen.getAllByRole('group', { name: /^Entry \d$/ })).toHaveLength(3);
    const first = screen.getByRole('group', { name: 'Entry 1' });
    expect(field('Title', first)).toHaveProperty('value', 'Otii 3.5 is out');
    expect(within(first).getByRole('checkbox', { name: 'Important' })).toHaveProperty('checked', true);
    expect(field('Title', screen.getByRole('group', { name: 'Entry 3' }))).toHaveProperty('value', '');
  });

  it('edits an entry and saves all three with Update', async () => {
    const { user } = await openLatest();
    const second = screen.getByRole('group', { name: 'Entry 2' });
    await user.clear(field('Title', second));
    await user.type(field('Title', second), 'Webinar on Friday');
    await user.click(within(second).getByRole('checkbox', { name: 'Important' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await findNotification('Latest updated');
    expect(api.calls(infoAdminContract, 'update_latest')).toEqual([
      { latest: [LATEST[0], { ...LATEST[1], title: 'Webinar on Friday', important: true }, LATEST[2]] },
    ]);
  });

  it('puts back what is saved with Cancel, and sends nothing', async () => {
    const { user } = await openLatest();
    const first = screen.getByRole('group', { name: 'Entry 1' });
    await user.clear(field('Title', first));
    await user.type(field('Title', first), 'Something else');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Title', first)).toHaveProperty('value', 'Otii 3.5 is out');
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
    expect(api.calls(infoAdminContract, 'update_latest')).toEqual([]);
  });

  it('refuses a link that is not an address and keeps Update disabled', async () => {
    const { user } = await openLatest();
    const third = screen.getByRole('group', { name: 'Entry 3' });
    await user.type(field('Link', third), 'javascript:alert(1)');
    await user.tab();
    await within(third).findByText(newsMessages.link);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
  });

  it('refuses a path a browser reads as another site (/\\host) or an http: address, and the preview follows neither', async () => {
    const { user } = await openLatest();
    const third = screen.getByRole('group', { name: 'Entry 3' });
    const preview = screen.getByRole('region', { name: 'Preview: the start screen of the desktop app' });
    for (const link of ['/\\evil.example', 'http://example.com/x']) {
      await user.clear(field('Link', third));
      await user.type(field('Link', third), link);
      await user.tab();
      await within(third).findByText(newsMessages.link);
      expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
      const card = within(preview).getByRole('article', { name: 'Forum' });
      expect(within(card).queryByRole('link')).toBeNull();
      expect(within(card).getByText(`Not a link: ${link}`)).toBeTruthy();
    }
    expect(api.calls(infoAdminContract, 'update_latest')).toEqual([]);
  });

  it('shows beside the editor the start screen as the app will, as it is typed', async () => {
    const { user } = await openLatest();
    const preview = screen.getByRole('region', { name: 'Preview: the start screen of the desktop app' });
    expect(within(preview).getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual(['Otii 3.5 is out', 'Webinar', 'Forum']);
    const first = within(preview).getByRole('article', { name: 'Otii 3.5 is out' });
    expect(within(first).getByText('Important')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Read more' }).getAttribute('href')).toBe('/download');
    expect(within(within(preview).getByRole('article', { name: 'Webinar' })).queryByText('Important')).toBeNull();

    const second = screen.getByRole('group', { name: 'Entry 2' });
    await user.clear(field('Title', second));
    await user.type(field('Title', second), 'Webinar on Friday');
    await user.click(within(second).getByRole('checkbox', { name: 'Important' }));
    const edited = await within(preview).findByRole('article', { name: 'Webinar on Friday' });
    expect(within(edited).getByText('Important')).toBeTruthy();
    expect(within(edited).getByText('Battery profiling, live.')).toBeTruthy();
  });
});

describe('the News screen', () => {
  async function openNews(news: News[] = NEWS) {
    answerProfile(ADMIN);
    api.answer(infoContract, 'get_all_news', { news });
    api.answer(infoAdminContract, 'update_news', ({ id, title, version, pages }) => ({
      id: id ?? 3,
      title,
      version: version || null,
      pages: pages.map((page) => ({ ...page, link: page.link || null })),
    }));
    const rendered = await renderScreen('/news', { as: 'admin', title: 'News' });
    await screen.findByRole('heading', { name: 'Otii 3.5' });
    return rendered;
  }

  it('lists each version with its title, version and pages', async () => {
    await openNews();
    expect(screen.getByText('Version 3.5.0')).toBeTruthy();
    expect(screen.getByText('No version')).toBeTruthy();
    const page = screen.getByRole('region', { name: 'Otii 3.5, page 1' });
    expect(within(page).getByRole('img', { name: 'Faster exports' }).getAttribute('src')).toBe('/news-media/a.png');
    expect(within(page).getByText('CSV in half the time.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'https://example.com/3.4' })).toBeTruthy();
  });

  it('edits a version, adds a page and saves it with Update', async () => {
    const { user } = await openNews();
    await user.click(screen.getByRole('button', { name: 'Edit Otii 3.5' }));
    const form = screen.getByRole('form', { name: 'News 2' });
    await user.clear(field('Version', form));
    await user.type(field('Version', form), '3.5.1');
    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    const page2 = within(form).getByRole('group', { name: 'Page 2' });
    await user.type(field('Title', page2), 'Smaller installer');
    await user.type(field('Link', page2), 'https://example.com/3.5');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await findNotification('News Otii 3.5 updated');
    expect(api.calls(infoAdminContract, 'update_news')).toEqual([
      {
        id: 2,
        title: 'Otii 3.5',
        version: '3.5.1',
        pages: [
          { media_url: '/news-media/a.png', title: 'Faster exports', text: 'CSV in half the time.', link: '' },
          { media_url: '', title: 'Smaller installer', text: '', link: 'https://example.com/3.5' },
        ],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'News 2' })).toBeNull());
  });

  it('adds a version with Add version', async () => {
    const { user } = await openNews();
    await user.click(screen.getByRole('button', { name: 'Add version' }));
    const form = screen.getByRole('form', { name: 'New version' });
    await user.type(versionTitle(form), 'Otii 3.6');
    await user.type(field('Title', within(form).getByRole('group', { name: 'Page 1' })), 'Scripting');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await findNotification('News Otii 3.6 added');
    expect(api.calls(infoAdminContract, 'update_news')).toEqual([
      { id: null, title: 'Otii 3.6', version: '', pages: [{ media_url: '', title: 'Scripting', text: '', link: '' }] },
    ]);
  });

  it('leaves an edit with Cancel and sends nothing', async () => {
    const { user } = await openNews();
    await user.click(screen.getByRole('button', { name: 'Edit Otii 3.4' }));
    const form = screen.getByRole('form', { name: 'News 1' });
    await user.clear(versionTitle(form));
    await user.type(versionTitle(form), 'Changed');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'News 1' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Otii 3.4' })).toBeTruthy();
    expect(api.calls(infoAdminContract, 'update_news')).toEqual([]);
  });

  it('shows beside the form the version as the app will, a page at a time, and follows no link that leaves the portal', async () => {
    const { user } = await openNews();
    await user.click(screen.getByRole('button', { name: 'Edit Otii 3.5' }));
    const form = screen.getByRole('form', { name: 'News 2' });
    const preview = screen.getByRole('region', { name: 'Preview: the news in the desktop app' });
    expect(within(preview).getByRole('heading', { name: 'Otii 3.5' })).toBeTruthy();
    expect(within(preview).getByText('Version 3.5.0')).toBeTruthy();
    expect(within(preview).getByRole('img', { name: 'Faster exports' }).getAttribute('src')).toBe('/news-media/a.png');

    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    const page2 = within(form).getByRole('group', { name: 'Page 2' });
    await user.type(field('Title', page2), 'Smaller installer');
    await user.type(field('Link', page2), '/\\evil.example');
    await within(preview).findByText('Page 1 of 2');
    await user.click(within(preview).getByRole('button', { name: 'Next page' }));
    await within(preview).findByText('Smaller installer');
    expect(within(preview).queryByRole('link')).toBeNull();
    expect(within(preview).getByText('Not a link: /\\evil.example')).toBeTruthy();
    await user.clear(field('Link', page2));
    await user.type(field('Link', page2), '/download');
    expect((await within(preview).findByRole('link', { name: 'Read more' })).getAttribute('href')).toBe('/download');
  });

  it('says the picture limit before an upload and refuses a larger picture without asking the server', async () => {
    const { user } = await openNews();
    await user.click(screen.getByRole('button', { name: 'Add version' }));
    const form = screen.getByRole('form', { name: 'New version' });
    expect(within(form).getByText(newsMessages.mediaLimit)).toBeTruthy();
    const input = form.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(NEWS_MEDIA_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }));
    await findErrorBanner(newsMessages.mediaTooLarge);
    expect(api.calls(infoAdminContract, 'create_news_media_upload')).toEqual([]);
  });
});
