import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { infoContract } from '../../../shared/contract/info';
import { userContract } from '../../../shared/contract/user';
import { VERSIONS_PATH, type SoftwareRelease, type Versions } from '../../../shared/downloads/releases';
import type { News } from '../../../shared/news/news';
import { placeholderAddresses } from '../../../shared/placeholder-address';
import * as config from '../../src/config';
import { api } from '../support/fake-api';
import { CUSTOMER, answerProfile } from '../support/fixtures';
import { renderScreen } from '../support/render';

/**
 * The Download page as a customer reads it: the EULA the portal serves (its version recorded with the
 * acceptance and the download), the guide links the deployment sets, an address naming a version no
 * release has, and a release list with a malformed entry. One real download in a browser is
 * test/e2e/downloads.
 */

const release = (version: string): SoftwareRelease => ({
  version,
  date: '2025-06-17',
  notes: `New in ${version}`,
  downloadAllowed: true,
  software: [{ os: 'windows', arch: 'x64', title: 'Installer (.exe)', package: `Otii-${version}-setup.exe` }],
});

const VERSIONS: Versions = {
  otii2: [release('3.6.0'), release('3.5.2')],
  otii: [],
  firmware2: [],
  firmware: [],
  eula: [
    { version: '2', date: '2025-05-01' },
    { version: '1', date: '2024-01-01' },
  ],
};

const NEWS: News[] = [
  {
    id: 4,
    title: 'Otii 3.6',
    version: '3.6.0',
    pages: [
      { media_url: '/news-media/a.png', title: 'Battery validation', text: 'Up to 8 channels.', link: '/download' },
      { media_url: '', title: 'Scripting', text: 'Record to file.', link: null },
    ],
  },
  { id: 3, title: 'Otii 3.5', version: '3.5.2', pages: [{ media_url: '', title: 'Fixes', text: 'Fewer crashes.', link: null }] },
];

function openDownload(
  path = '/download',
  { versions = VERSIONS as unknown, acceptances = [] as { client_version: string; eula_version?: string; accepted: string }[], news = [] as News[] } = {},
) {
  answerProfile(CUSTOMER);
  api.answer(infoContract, 'get_all_news', { news });
  api.serve(VERSIONS_PATH, versions);
  api.answer(userContract, 'get_eula_acceptances', { acceptances });
  api.answer(userContract, 'accept_eula', ({ client_version, eula_version }) => ({ client_version, eula_version, accepted: '2025-07-01T10:00:00.000Z' }));
  api.answer(userContract, 'add_user_download', { id: 'x', created: '2025-07-01T10:00:00.000Z' });
  return renderScreen(path, { title: 'Download' });
}

const eulaBox = () => screen.findByRole('checkbox', { name: 'I accept the End User License Agreement' });
const main = () => within(screen.getByRole('main'));

afterEach(() => vi.restoreAllMocks());

describe('the EULA of a download', () => {
  it("links the current version's text as the portal serves it, and records that version with the acceptance and the download", async () => {
    const { user } = await openDownload();
    await screen.findByRole('heading', { name: 'Version 3.6.0' });
    const link = main().getByRole('link', { name: 'Read the End User License Agreement' });
    expect(link.getAttribute('href')).toBe('/data/eula/2.txt');
    expect(main().getByText('(Version 2 of 2025-05-01)')).toBeTruthy();

    await user.click(await eulaBox());
    await waitFor(() => expect(api.calls(userContract, 'accept_eula')).toEqual([{ client_version: '3.6.0', eula_version: '2' }]));
    const windows = main().getByRole('link', { name: /^Windows/ });
    // A click on the package link records the download (jsdom does not fetch the file).
    windows.addEventListener('click', (event) => event.preventDefault());
    await user.click(windows);
    await waitFor(() => expect(api.calls(userContract, 'add_user_download')).toEqual([{ client_version: '3.6.0', os: 'windows', arch: 'x64', eula_version: '2' }]));
  });

  it('stays ticked for the release and EULA version accepted', async () => {
    await openDownload('/download', { acceptances: [{ client_version: '3.6.0', eula_version: '2', accepted: '2025-06-01T00:00:00.000Z' }] });
    await waitFor(async () => expect(await eulaBox()).toHaveProperty('checked', true));
  });

  it('asks again of one who accepted an earlier EULA text', async () => {
    await openDownload('/download', { acceptances: [{ client_version: '3.6.0', eula_version: '1', accepted: '2024-06-01T00:00:00.000Z' }] });
    await screen.findByRole('heading', { name: 'Version 3.6.0' });
    await waitFor(() => expect(api.calls(userContract, 'get_eula_acceptances')).toHaveLength(1));
    expect(await eulaBox()).toHaveProperty('checked', false);
    expect(main().getByRole('button', { name: /^Windows/ })).toHaveProperty('disabled', true);
  });
});

describe('the guide links', () => {
  it('are left out where the deployment sets no address; the firmware notes stay', async () => {
    await openDownload();
    await main().findByRole('link', { name: 'Firmware release notes' });
    expect(main().queryByRole('link', { name: 'Guides' })).toBeNull();
    expect(main().queryByRole('link', { name: 'Install the server on a Raspberry Pi' })).toBeNull();
    // Nothing on the page leads to a placeholder host.
    const addresses = main().getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(placeholderAddresses(addresses.join(' '))).toEqual([]);
  });

  it('go to the addresses the deployment sets in /config.json', async () => {
    const settings = config.getConfig();
    vi.spyOn(config, 'getConfig').mockReturnValue({
      ...settings,
      guidesUrl: 'https://docs.qoitech.com/guides',
      raspberryPiGuideUrl: 'https://docs.qoitech.com/guides/raspberry-pi',
    });
    await openDownload();
    expect((await main().findByRole('link', { name: 'Guides' })).getAttribute('href')).toBe('https://docs.qoitech.com/guides');
    expect(main().getByRole('link', { name: 'Install the server on a Raspberry Pi' }).getAttribute('href')).toBe('https://docs.qoitech.com/guides/raspberry-pi');
  });
});

describe('a release the address or the list gets wrong', () => {
  it('shows the first release with a notice when ?version= names one no release has', async () => {
    await openDownload('/download?version=9.9.9');
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Version 9.9.9 is not available')).toBeTruthy();
    expect(within(status).getByText('Shown instead: the current release, version 3.6.0.')).toBeTruthy();
    // The first release with its downloads, behind the EULA box as always.
    await screen.findByRole('heading', { name: 'Version 3.6.0' });
    expect(main().getByRole('button', { name: /^Windows/ })).toBeTruthy();
    expect(await eulaBox()).toBeTruthy();
  });

  it('still gets the release a known version names, without a notice', async () => {
    await openDownload('/download?version=3.5.2');
    await screen.findByRole('heading', { name: 'Version 3.5.2' });
    expect(screen.queryByText(/is not available/)).toBeNull();
  });

  it('leaves out a malformed entry of versions.json with a line in the console, and shows the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { ...VERSIONS, otii2: [{ ...release('3.7.0'), date: 'soon' }, release('3.6.0'), release('3.5.2')] };
    await openDownload('/download', { versions: broken });
    await screen.findByRole('heading', { name: 'Version 3.6.0' });
    expect(main().getByRole('button', { name: /^3\.5\.2/ })).toBeTruthy();
    expect(main().queryByRole('button', { name: /^3\.7\.0/ })).toBeNull();
    expect(warn).toHaveBeenCalledWith('versions.json: otii2[0] left out (date: Invalid date (YYYY-MM-DD))');
  });
});

describe('the news of a release', () => {
  it('are read beside the release as the desktop app shows them, a page at a time; another release shows its own', async () => {
    const { user } = await openDownload('/download', { news: NEWS });
    const news = await screen.findByRole('region', { name: 'News of version 3.6.0' });
    expect(within(news).getByRole('heading', { name: 'Otii 3.6' })).toBeTruthy();
    expect(within(news).getByRole('img', { name: 'Battery validation' }).getAttribute('src')).toBe('/news-media/a.png');
    expect(within(news).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(news).getByRole('button', { name: 'Next page' }));
    await within(news).findByText('Record to file.');
    expect(screen.queryByText('Fewer crashes.')).toBeNull();
  });

  it('are left out for a release none were written for', async () => {
    await openDownload('/download?version=3.5.2', { news: NEWS.slice(0, 1) });
    await screen.findByRole('heading', { name: 'Version 3.5.2' });
    await waitFor(() => expect(api.calls(infoContract, 'get_all_news')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: /^News of version/ })).toBeNull();
  });
});
