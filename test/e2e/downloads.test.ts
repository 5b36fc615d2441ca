import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentEula, eulaPath, packagePath, softwareReleases } from '../../shared/downloads/releases';
import { createAdminUser, createConfirmedUser } from '../support/api';
import { openSignedIn, useBrowser } from '../support/browser';
import { publishedVersions } from '../support/downloads';
import { withUserId } from '../support/licenses';

/**
 * The download and firmware screens as a customer uses them, in one browser path: the EULA gate, a real
 * download, recorded and listed on the admin's user detail, another release by its address, and the
 * firmware's gate; the EULA's link to the portal's own text. A version that does not exist and the pages' links are component tests
 * (web/test/screens/navigation). The releases are the local stack's seeded ones.
 */
const browser = useBrowser();

const eula = (page: Page) => page.getByRole('checkbox', { name: 'I accept the End User License Agreement' });

describe('the Download and Firmware screens', () => {
  it('keeps the links inactive until the EULA is ticked; a click downloads the package, which the admin’s user detail lists; another release opens by its address; firmware has its own gate', async () => {
    const [admin, user] = await Promise.all([createAdminUser(), createConfirmedUser().then(withUserId)]);
    const versions = await publishedVersions();
    const releases = softwareReleases(versions);
    const first = releases[0]!;
    const other = releases[releases.length - 1]!;
    const windows = first.software.find((entry) => entry.os === 'windows')!;
    const page = await openSignedIn(browser, user.username, user.password, '/download');
    await page.getByRole('heading', { name: `Version ${first.version}`, exact: true }).waitFor();
    await page.getByText('We recommend a computer with at least 16 GB RAM.').waitFor();
    await page.getByRole('link', { name: 'Firmware release notes', exact: true }).waitFor();
    // The EULA is the portal's own text, the version published with the releases; the guides are links
    // only where the deployment sets their addresses (the test stack sets none).
    const eulaLink = page.getByRole('link', { name: 'Read the End User License Agreement' });
    expect(await eulaLink.getAttribute('href')).toBe(eulaPath(currentEula(versions)!.version));
    expect(await page.getByRole('link', { name: 'Guides', exact: true }).count()).toBe(0);

    // Before the EULA: every package is a disabled button, no link to a package.
    expect(await eula(page).isChecked()).toBe(false);
    expect(await page.getByRole('button', { name: /^Windows/ }).isDisabled()).toBe(true);
    expect(await page.locator('a[href^="/downloads/"]').count()).toBe(0);
    for (const label of ['macOS (Apple silicon)', 'macOS (Intel)', 'Ubuntu (Intel)', 'Ubuntu (Arm)']) {
      expect(await page.getByRole('button', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).isDisabled()).toBe(true);
    }
    await eula(page).check();
    const link = page.getByRole('link', { name: /^Windows/ });
    expect(await link.getAttribute('href')).toBe(packagePath(windows.package));
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(windows.package);

    // The acceptance is kept for this version: the box is ticked on the next visit, not for another version.
    await page.reload();
    await page.getByRole('heading', { name: `Version ${first.version}`, exact: true }).waitFor();
    await expect.poll(() => eula(page).isChecked()).toBe(true);
    await page.getByRole('heading', { name: 'Releases', exact: true }).waitFor();
    for (const release of releases) await page.getByRole('button', { name: new RegExp(`^${release.version.replace(/\./g, '\\.')}`) }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^${other.version.replace(/\./g, '\\.')}`) }).click();
    await page.getByRole('link', { name: `Downloads of ${other.version}`, exact: true }).click();
    await page.waitForURL((url) => url.search === `?version=${other.version}`);
    await page.getByRole('heading', { name: `Version ${other.version}`, exact: true }).waitFor();
    expect(await eula(page).isChecked()).toBe(false);

    // Firmware: the Ace and Arc releases, their links active once its own EULA box is ticked.
    const arc = versions.firmware2.find((release) => release.type === 'Arc')!;
    await page.goto('/firmware');
    await page.getByRole('heading', { name: 'Ace', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Arc', exact: true }).waitFor();
    const name = `Download Arc firmware ${arc.version}`;
    expect(await page.getByRole('button', { name: new RegExp(`^${name}`) }).isDisabled()).toBe(true);
    await eula(page).check();
    expect(await page.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toBe(packagePath(arc.package!));
    expect(browser.pageErrors()).toEqual([]);

    // The download is recorded for this user: the admin's user detail lists it.
    const adminPage = await openSignedIn(browser, admin.username, admin.password, `/alllicenses/${user.id}`, { totpSecret: admin.totpSecret });
    const table = adminPage.getByRole('table', { name: 'User downloads', exact: true });
    // The downloads arrive with a call of their own: wait for the row.
    const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
    await expect.poll(rows).toEqual([[first.version, 'windows', 'x64']]);
    expect(browser.pageErrors()).toEqual([]);
  });
});
