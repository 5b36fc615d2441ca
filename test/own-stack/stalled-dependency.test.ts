import { afterEach, describe, expect, inject, it } from 'vitest';
import { apiMessages } from '../../shared/api';
import { callApi, signIn, stackContext } from '../support/api';
import { openSignedIn, pathOf, useBrowser } from '../support/browser';
import { freeze, resumeAll } from '../support/freeze';

/*
 * These tests stop the stack's emulators (SIGSTOP): every call of another file would stall meanwhile, so
 * they run on a stack of their own (the own-stack project's), one after another in this one file.
 */
const browser = useBrowser();

/**
 * A stalled dependency answers fast: with DynamoDB Local or cognito-local stopped (SIGSTOP), a call gets
 * the 503 envelope that says to try again (the functions' AWS clients time out, aws-client-config.ts),
 * never a hang, a stack trace or a 500; once the emulator resumes, the next call succeeds. s3rver runs in
 * the test stack's own process and cannot be stopped alone: its client's timeouts are checked against a
 * server that never answers (functions/lib/aws-client-config.test.ts).
 */
describe('a stalled dependency', () => {
  afterEach(resumeAll);

  it('DynamoDB: the call answers 503 "try again" and works again once the store is back', async () => {
    const { demoPassword, localStack } = stackContext();
    const { accessToken } = await signIn('demo', demoPassword);
    expect((await callApi('user', { cmd: 'get_user_profile' }, accessToken)).status).toBe(200);

    const resume = freeze(localStack.emulatorPids.dynamodb, 'DynamoDB Local');
    try {
      const stalled = await callApi('user', { cmd: 'get_user_profile' }, accessToken);
      expect(stalled).toEqual({ status: 503, body: { status: 'error', message: apiMessages.unavailable } });
    } finally {
      resume();
    }
    const again = await callApi('user', { cmd: 'get_user_profile' }, accessToken);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'ok', data: { username: 'demo' } });
  });

  it("Cognito: an admin's session check answers 503, not a sign-out, and works again once Cognito is back", async () => {
    const { demoPassword, demoAdminTotpSecret, localStack } = stackContext();
    const { accessToken } = await signIn('admin', demoPassword, demoAdminTotpSecret);
    const adminCall = () => callApi('product', { cmd: 'get_product_statistics' }, accessToken);
    expect((await adminCall()).status).toBe(200);

    const resume = freeze(localStack.emulatorPids.cognito, 'cognito-local');
    try {
      // The session check trusts its last look for a few seconds (2 s here), then asks Cognito again.
      let stalled: Awaited<ReturnType<typeof adminCall>> | undefined;
      await expect.poll(async () => (stalled = await adminCall()).status, { timeout: 40_000, interval: 500 }).toBe(503);
      expect(stalled?.body).toEqual({ status: 'error', message: apiMessages.unavailable });
    } finally {
      resume();
    }
    await expect.poll(async () => (await adminCall()).status, { timeout: 20_000, interval: 500 }).toBe(200);
  });
});

/**
 * A stalled store, as a signed-in user meets it: the screen says to try again and the session stays; once
 * the store is back, the same screen works.
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
