import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { packagePath, softwareReleases } from '../../shared/downloads/releases';
import { callApi, createAdminUser, createConfirmedUser, eventually } from '../support/api';
import { openSignedIn, useBrowser } from '../support/browser';
import { publishedVersions } from '../support/downloads';
import { withUserId } from '../support/licenses';

/**
 * The download and firmware screens as a customer uses them (the EULA gate, a recorded download), and
 * the downloads table of the admin's user detail. The releases are the local stack's seeded ones.
 */
const browser = useBrowser();

const eula = (page: Page) => page.getByRole('checkbox', { name: 'I accept the End User License Agreement' });

describe('the Download screen', () => {
  it('keeps the links inactive until the EULA is ticked; a click downloads the package and records the download', async () => {
    const [admin, user] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const first = softwareReleases(await publishedVersions())[0]!;
    const windows = first.software.find((entry) => entry.os === 'windows')!;
    const page = await openSignedIn(browser, user.username, user.password, '/download');
    await page.getByRole('heading', { name: `Version ${first.version}`, exact: true }).waitFor();
    await page.getByText('We recommend a computer with at least 16 GB RAM.').waitFor();
    for (const name of ['Guides', 'Firmware release notes', 'Install the server on a Raspberry Pi']) {
      await page.getByRole('link', { name, exact: true }).waitFor();
    }

    // Before the EULA: every package is a disabled button, no link to a package.
    expect(await eula(page).isChecked()).toBe(false);
    const disabled = page.getByRole('button', { name: /^Windows/ });
    expect(await disabled.isDisabled()).toBe(true);
    expect(await page.locator('a[href^="/downloads/"]').count()).toBe(0);
    for (const label of ['macOS (Apple silicon)', 'macOS (Intel)', 'Ubuntu (Intel)', 'Ubuntu (Arm)']) {
      expect(await page.getByRole('button', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).isDisabled()).toBe(true);
    }

    await eula(page).check();
    const link = page.getByRole('link', { name: /^Windows/ });
    expect(await link.getAttribute('href')).toBe(packagePath(windows.package));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(windows.package);

    // The click is recorded for this user, as the admin's user detail shows it.
    const recorded = await eventually(async () => {
      const info = await callApi('user', { cmd: 'get_user_information', user_id: user.id }, admin.accessToken);
      const downloads = (info.body.data as { userDownloads: { client_version: string; os: string; arch: string }[] }).userDownloads;
      return downloads.some((d) => d.client_version === first.version && d.os === 'windows' && d.arch === 'x64');
    });
    expect(recorded).toBe(true);

    // The acceptance is kept for this version: the box is ticked on the next visit, not for another version.
    await page.reload();
    await page.getByRole('heading', { name: `Version ${first.version}`, exact: true }).waitFor();
    await expect.poll(() => eula(page).isChecked()).toBe(true);
    expect(browser.pageErrors()).toEqual([]);
  });

  it('shows the release ?version names, with its notes, and lists every release', async () => {
    const user = await createConfirmedUser();
    const releases = softwareReleases(await publishedVersions());
    const other = releases[releases.length - 1]!;
    const page = await openSignedIn(browser, user.username, user.password, '/download');
    await page.getByRole('heading', { name: 'Releases', exact: true }).waitFor();
    for (const release of releases) await page.getByRole('button', { name: new RegExp(`^${release.version.replace(/\./g, '\\.')}`) }).waitFor();

    await page.getByRole('button', { name: new RegExp(`^${other.version.replace(/\./g, '\\.')}`) }).click();
    await page.getByRole('link', { name: `Downloads of ${other.version}`, exact: true }).click();
    await page.waitForURL((url) => url.search === `?version=${other.version}`);
    await page.getByRole('heading', { name: `Version ${other.version}`, exact: true }).waitFor();
    expect(await eula(page).isChecked()).toBe(false);
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe('the Firmware screen', () => {
  it('lists the Ace and Arc releases, their links active once the EULA is ticked', async () => {
    const user = await createConfirmedUser();
    const list = await publishedVersions();
    const arc = list.firmware2.find((release) => release.type === 'Arc')!;
    const page = await openSignedIn(browser, user.username, user.password, '/firmware');
    await page.getByRole('heading', { name: 'Ace', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Arc', exact: true }).waitFor();
    const name = `Download Arc firmware ${arc.version}`;
    expect(await page.getByRole('button', { name: new RegExp(`^${name}`) }).isDisabled()).toBe(true);
    await eula(page).check();
    expect(await page.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toBe(packagePath(arc.package!));
    expect(browser.pageErrors()).toEqual([]);
  });
});

describe("the admin's user detail", () => {
  it("lists the user's downloads, newest first", async () => {
    const [admin, user] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    await callApi('user', { cmd: 'add_user_download', client_version: '3.5.2', os: 'ubuntu', arch: 'arm64' }, user.accessToken);
    await callApi('user', { cmd: 'add_user_download', client_version: '3.6.0', os: 'macos', arch: 'x64' }, user.accessToken);
    const page = await openSignedIn(browser, admin.username, admin.password, `/alllicenses/${user.id}`, { totpSecret: admin.totpSecret });
    const table = page.getByRole('table', { name: 'User downloads', exact: true });
    // The downloads arrive with a call of their own: wait for both rows.
    const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    await expect.poll(rows).toEqual([
      ['3.6.0', 'macos', 'x64'],
      ['3.5.2', 'ubuntu', 'arm64'],
    ]);
    expect(browser.pageErrors()).toEqual([]);
  });
});
