import { describe, expect, inject, it } from 'vitest';
import { openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';

const browser = useBrowser();

/**
 * News in a browser as the demo admin: add a version, edit it to add a page, and leave an edit with
 * Cancel; the saved versions are there after a reload. The screen's other behaviour is
 * web/test/screens/latest-news, the endpoint's rules test/integration/info.
 */
describe('news', () => {
  it('adds a version, adds a page to it, and cancels an edit without saving', async () => {
    const page = await openSignedIn(browser, 'admin', inject('demoPassword'), '/news');
    const title = `Release ${uniqueSuffix()}`;

    await page.getByRole('button', { name: 'Add version' }).click();
    const added = page.getByRole('form', { name: 'New version' });
    await added.getByLabel('Title').first().fill(title);
    await added.getByLabel('Version').fill('9.9.0');
    await added.getByRole('group', { name: 'Page 1' }).getByLabel('Title').fill('First page');
    await added.getByRole('button', { name: 'Update' }).click();
    await page.getByText(`News ${title} added`, { exact: true }).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edited = page.getByRole('form', { name: /^News \d+$/ });
    await edited.getByRole('button', { name: 'Add page' }).click();
    await edited.getByRole('group', { name: 'Page 2' }).getByLabel('Title').fill('Second page');
    await edited.getByRole('button', { name: 'Update' }).click();
    await page.getByText(`News ${title} updated`, { exact: true }).waitFor();
    await page.getByRole('region', { name: `${title}, page 2` }).waitFor();

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await edited.getByLabel('Title').first().fill('Not kept');
    await edited.getByRole('button', { name: 'Cancel' }).click();
    await edited.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('heading', { name: 'Not kept' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: new RegExp(`^${title}, page \\d$`) }).count()).toBe(2);
    expect(browser.pageErrors()).toEqual([]);
  });
});
