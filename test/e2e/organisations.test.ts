import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodeMachine } from '../../shared/licenses/seat';
import { callApi, createConfirmedUser } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { answerConfirmation, mailsTo, openSignedIn, uniqueSuffix, useBrowser } from '../support/browser';
import { licCall, storeLicense, withUserId } from '../support/licenses';

/**
 * Organisations clicked through by two fresh users: the owner creates one and invites the second by
 * email; the second follows the mailed link, signs in, finds the invitation marked and accepts it; the
 * owner then sees them as a member and finds them by name. Then seats: a member's machine takes the seat
 * of a license the owner put into the organisation; the member sees it apart on Licenses, and the owner
 * sees who holds it and releases it.
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

    // Once the colleague has a name, the owner finds them by it: the server searches and pages the members.
    const surname = `Colleague${uniqueSuffix()}`;
    expect((await callApi('user', { cmd: 'update_user_profile', first_name: 'Cora', last_name: surname }, colleague.accessToken)).body.status).toBe('ok');
    await page.reload();
    await page.getByRole('textbox', { name: 'Search members', exact: true }).fill(surname);
    await page.getByRole('region', { name: 'Members', exact: true }).getByText('1 member', { exact: true }).waitFor();
    expect(await page.getByRole('table', { name: 'Members', exact: true }).locator('tbody tr').allTextContents()).toEqual([expect.stringContaining(`Cora ${surname}`)]);

    // What the server holds agrees: two members, the colleague a member.
    const held = await callApi('user', { cmd: 'get_organisation', organisation_id: organisationId }, owner.accessToken);
    expect(held.body.status).toBe('ok');
    const members = (held.body.data as { members: { email?: string; role: string }[] }).members;
    expect(members.map(({ email, role }) => ({ email, role })).sort((a, b) => a.role.localeCompare(b.role))).toEqual([
      { email: colleague.email, role: 'member' },
      { email: owner.email, role: 'owner' },
    ]);
  });

  it('an owner sees which member’s machine holds a seat until when, and releases it; the member sees the license apart', { timeout: 120_000 }, async () => {
    const [owner, member] = await Promise.all([createConfirmedUser().then(withUserId), createConfirmedUser().then(withUserId)]);
    const name = `Seats ${uniqueSuffix()}`;

    // The organisation with the member in it, and the owner's license put into it: made over the wire.
    const created = await callApi('user', { cmd: 'create_organisation', name }, owner.accessToken);
    const organisationId = (created.body.data as { id: number }).id;
    const invited = await callApi('user', { cmd: 'invite_member', organisation_id: organisationId, email: member.email, role: 'member' }, owner.accessToken);
    const accepted = await callApi('user', { cmd: 'accept_invitation', invitation_id: (invited.body.data as { id: string }).id }, member.accessToken);
    expect(accepted.body.status).toBe('ok');
    const license = await storeLicense(owner.id, { license_type_id: 'Battery' });
    expect((await licCall(owner.accessToken, 'add_license_to_organisation', { license_id: license.id, organisation_id: organisationId })).body.status).toBe('ok');

    // The member's desktop app takes the pool's seat, as it does for any license.
    const hostname = `e2e-member-${uniqueSuffix()}`;
    const payload = encodeMachine({ fingerprint: `fp-${hostname}`, hostname, client_version: '3.1.0', os: 'linux' });
    expect((await licCall(member.accessToken, 'reserve_license', { license_id: license.id, payload })).body.status).toBe('ok');

    // The member finds it apart from their own licenses, naming the organisation.
    const theirs = await openSignedIn(browser, member.username, member.password, '/licenses');
    const fromOrganisations = theirs.getByRole('region', { name: 'From your organisations', exact: true });
    await fromOrganisations.getByRole('article', { name: `License ${license.id}`, exact: true }).getByRole('link', { name, exact: true }).waitFor();

    // The owner sees who holds the seat, on which machine, until when; releasing it says the machine works on.
    const page = await openSignedIn(browser, owner.username, owner.password, `/organisations/${organisationId}`);
    const seat = rowWith(page, 'Licenses', hostname);
    await seat.getByText(/^lease ends /).waitFor();
    expect(await seat.textContent()).toContain('Pool (any member)');
    await expectNoAxeViolations(page, `/organisations/${organisationId} with a held seat`);
    await seat.getByRole('button', { name: `Release seat of license ${license.id}`, exact: true }).click();
    const question = page.getByRole('dialog', { name: `Release the seat of license ${license.id}?`, exact: true });
    await question.getByText(`The seat is free at once. ${hostname} keeps working until its lease ends on`, { exact: false }).waitFor();
    await answerConfirmation(page, `Release the seat of license ${license.id}?`, 'Release seat');
    await notice(page, `Seat of license ${license.id} released`);
    await rowWith(page, 'Licenses', String(license.id)).getByRole('cell', { name: 'Free', exact: true }).waitFor();

    // What the server holds agrees: nobody holds the seat now.
    const held = await licCall(owner.accessToken, 'get_organisation_licenses', { organisation_id: organisationId });
    const seats = (held.body.data as { licenses: { id: number; holder: unknown }[] }).licenses;
    expect(seats.find((row) => row.id === license.id)?.holder).toBeNull();
  });
});
