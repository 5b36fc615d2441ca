import { afterEach, describe, expect, inject, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { stackContext } from '../support/api';
import { openSignedIn, pathOf, useBrowser } from '../support/browser';
import { freeze, resumeAll } from '../support/freeze';

const browser = useBrowser();

/**
 * A stalled store, as a signed-in user meets it: the screen says to try again and the session stays; once
 * the store is back, the same screen works. (The API side: test/integration/stalled-dependency.test.ts.)
 */
describe('a stalled store in the browser', () => {
  afterEach(resumeAll);

  it('shows "try again", keeps the user signed in, and works again once the store is back', async () => {
    const page = await openSignedIn(browser, 'demo', inject('demoPassword'), '/profile');
    const username = page.getByLabel('Username', { exact: true });
    await expect.poll(() => username.inputValue()).toBe('demo');

    const resume = freeze(stackContext().localStack.emulatorPids.dynamodb, 'DynamoDB Local');
    try {
      await page.reload();
      // The store's calls fail after their timeouts: the page says so in the API's words.
      await page.getByText(apiMessages.unavailable).first().waitFor({ timeout: 30_000 });
      expect(pathOf(page)).toBe('/profile');
    } finally {
      resume();
    }
    await page.reload();
    await expect.poll(() => username.inputValue(), { timeout: 20_000 }).toBe('demo');
    expect(pathOf(page)).toBe('/profile');
    expect(browser.pageErrors()).toEqual([]);
  });
});
