import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callApi, createConfirmedUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { mailsTo, openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';

/**
 * Organisations clicked through by two fresh users: the owner creates one and invites the second by
 * email; the second follows the mailed link, signs in, finds the invitation marked and accepts it; the
 * owner then sees them as a member.
 * The role rules and each action's dialog are web/test/screens/organisations.test.tsx.
 */
const browser = useBrowser();

const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true }).first().waitFor();
const rowWith = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table, exact: true }).locator('tbody tr').filter({ hasText: text });

describe('organisations', () => {
  it('an owner creates one and invites a colleague, who accepts and is then a member', { timeout: 120_000 }, async () => {
    const [owner, colleague] = await Promise.all([createConfirmedUser(), createConfirmedUser()]);
    const name = `Lab ${uniqueSuffix()}`;

    // The owner creates the organisation and lands on its screen.
    const page = await openSignedIn(browser, owner.username, owner.password, '/organisations');
    await page.getByText('You belong to no organisation yet.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create organisation', exact: true }).click();
    await notice(page, `Organisation ${name} created`);
    await page.waitForURL(/\/organisations\/[1-9]\d*$/);
    const organisationId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name, level: 3 }).waitFor();
    await rowWith(page, 'Members', owner.email).getByText('Owner', { exact: true }).waitFor();

    // The owner invites the colleague's address as a member: it waits among the pending invitations.
    await page.getByRole('textbox', { name: 'Email' }).fill(colleague.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await notice(page, `Invitation sent to ${colleague.email}: its link works for 7 days`);
    await rowWith(page, 'Pending invitations', colleague.email).waitFor();
    await expectNoAxeViolations(page, `/organisations/${organisationId}, owner`);

    // The colleague follows the mailed link, signs in, and finds the invitation marked on their Organisations screen.
    const mail = (await mailsTo(page, colleague.email)).find((sent) => sent.subject.endsWith(`invites you to ${name}`));
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    expect(link, 'the invitation mail has a link').toBeDefined();
    const { pathname, search } = new URL(link!);
    expect(pathname).toBe('/organisations');
    const theirs = await openSignedIn(browser, colleague.username, colleague.password, pathname + search);
    const invitation = rowWith(theirs, 'Invitations to you', name);
    await invitation.getByRole('cell', { name: 'Member', exact: true }).waitFor();
    expect(await invitation.getAttribute('aria-current')).toBe('true');
    await expectNoAxeViolations(theirs, '/organisations with an invitation');
    await invitation.getByRole('button', { name: `Accept the invitation to ${name}`, exact: true }).click();
    await notice(theirs, `You joined ${name} as member`);
    await theirs.waitForURL(`**/organisations/${organisationId}`);
    await theirs.getByRole('button', { name: 'Leave organisation', exact: true }).waitFor();

    // The owner sees them as a member, and their invitation is no longer pending.
    await page.reload();
    await rowWith(page, 'Members', colleague.email).getByText('Member', { exact: true }).waitFor();
    await page.getByText('No invitations waiting for an answer.', { exact: true }).waitFor();

    // What the server holds agrees: two members, the colleague a member.
    const held = await callApi('user', { cmd: 'get_organisation', organisation_id: organisationId }, owner.accessToken);
    expect(held.body.status).toBe('ok');
    const members = (held.body.data as { members: { email?: string; role: string }[] }).members;
    expect(members.map(({ email, role }) => ({ email, role })).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { email: colleague.email, role: 'member' },
      { email: owner.email, role: 'owner' },
    ]);
  });
});
