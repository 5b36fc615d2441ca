import { describe, expect, it } from 'vitest';
import { MAX_INVITATIONS_PER_DAY, MAX_ORGANISATIONS_PER_DAY, type Organisation, type ReceivedInvitation } from '../../shared/organisations/organisations.contract';
import { organisationMessages } from '../../shared/organisations/organisation-roles';
import * as accountDeletion from '../../functions/domain/accounts/account-deletion';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { withUserId } from '../support/licenses';

/**
 * Organisations over the wire: creating one (audited, limited), invitations by email (mailed, used once,
 * withdrawn, declined), roles and what each may do, hand-over, leaving, removal, the refusals of everyone
 * outside (a second organisation's admin, a plain member, a stranger) with nothing changed, the admins'
 * list and CSV, and what an owner's account deletion does.
 */
const user = (token: string, cmd: string, params: Record<string, unknown> = {}) => callApi('user', { cmd, ...params }, token);
/** The local mailbox's mails to `to` (any case), newest first. */
const mailsTo = async (to: string) =>
  ((await (await fetch(`${stackContext().baseUrl}/local/mailbox.json`)).json()) as { to: string; text: string }[]).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
const ok = async <T>(token: string, cmd: string, params: Record<string, unknown> = {}): Promise<T> => {
  const answer = await user(token, cmd, params);
  expect(answer.body, `${cmd} ${JSON.stringify(params)}`).toMatchObject({ status: 'ok' });
  return answer.body.data as T;
};
type Person = Awaited<ReturnType<typeof person>>;
const person = () => createConfirmedUser().then(withUserId);

/** `owner`'s new organisation with `others` in it, each invited with their role and accepting. */
async function organisationOf(owner: Person, others: { who: Person; role: 'admin' | 'member' }[] = []) {
  const { id } = await ok<{ id: number }>(owner.accessToken, 'create_organisation', { name: `Lab of ${owner.id}` });
  for (const { who, role } of others) {
    const invitation = await ok<{ id: string }>(owner.accessToken, 'invite_member', { organisation_id: id, email: who.email, role });
    await ok(who.accessToken, 'accept_invitation', { invitation_id: invitation.id });
  }
  return id;
}
const organisation = (token: string, id: number) => ok<Organisation>(token, 'get_organisation', { organisation_id: id });
const roles = async (token: string, id: number) => Object.fromEntries((await organisation(token, id)).members.map((member) => [member.user_id, member.role]));

describe('organisations', () => {
  it("lets a customer create one, audited, up to the day's limit; an admin finds it in the list and its CSV", async () => {
    const [creator, admin] = await Promise.all([person(), createAdminUser()]);
    const name = `Lab ${creator.id}`;
    const created = await user(creator.accessToken, 'create_organisation', { name: `  ${name} ` });
    expect(created.body).toEqual({ status: 'ok', data: { id: expect.any(Number), name } });
    const id = (created.body.data as { id: number }).id;
    expect(await user(creator.accessToken, 'create_organisation', { name: ' ' })).toMatchObject({ status: 400, body: { status: 'error' } });
    expect((await user(creator.accessToken, 'get_organisations')).status).toBe(403);
    expect((await user(creator.accessToken, 'get_organisations_csv')).status).toBe(403);

    const page = await user(admin.accessToken, 'get_organisations', { search: name });
    expect(page.body.data).toEqual({ organisations: [{ id, name, owner_id: creator.id, owner: creator.email, members: 1, created: expect.any(String) }], count: 1 });
    expect((await user(admin.accessToken, 'get_organisations', { search: creator.email })).body.data).toMatchObject({ count: 1 });
    expect((await user(admin.accessToken, 'get_organisations_csv', { search: name })).body.data).toMatchObject({ filename: expect.any(String) });
    const trail = await ok<{ entries: { action: string; target: string }[] }>(admin.accessToken, 'get_audit_entries', { by_user_id: creator.id });
    expect(trail.entries.map(({ action, target }) => ({ action, target }))).toEqual([{ action: 'create_organisation', target: `organisation#${id}` }]);
    expect(await organisation(creator.accessToken, id)).toMatchObject({ id, name, owner_id: creator.id, role: 'owner', members: [{ user_id: creator.id, role: 'owner', email: creator.email }], invitations: [] });

    // The refused blank name gave its attempt back: the day's limit counts the organisations made.
    for (let n = 2; n <= MAX_ORGANISATIONS_PER_DAY; n++) expect((await user(creator.accessToken, 'create_organisation', { name: `${name} ${n}` })).status).toBe(200);
    expect(await user(creator.accessToken, 'create_organisation', { name: `${name} more` })).toMatchObject({ status: 429, body: { status: 'error' } });
    expect((await user(admin.accessToken, 'get_organisations', { search: name })).body.data).toMatchObject({ count: MAX_ORGANISATIONS_PER_DAY });
  });

  it('invites by email with a mailed link; the invitee alone answers it, once; a withdrawn or declined one is gone', async () => {
    const [owner, kim, lee, stranger] = await Promise.all([person(), person(), person(), person()]);
    const id = await organisationOf(owner);
    const sent = await ok<{ id: string; expires: string }>(owner.accessToken, 'invite_member', { organisation_id: id, email: ` ${kim.email.toUpperCase()} `, role: 'admin' });
    expect(Date.parse(sent.expires) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect((await mailsTo(kim.email))[0]?.text).toContain(`/organisations?invitation=${sent.id}`);
    expect(await user(owner.accessToken, 'invite_member', { organisation_id: id, email: kim.email, role: 'member' })).toMatchObject({ status: 409, body: { message: organisationMessages.alreadyInvited } });

    // Only the address invited sees and answers it.
    const mine = await ok<{ invitations: ReceivedInvitation[] }>(kim.accessToken, 'get_my_organisations');
    expect(mine.invitations).toEqual([expect.objectContaining({ id: sent.id, organisation_id: id, role: 'admin' })]);
    expect((await ok<{ invitations: unknown[] }>(stranger.accessToken, 'get_my_organisations')).invitations).toEqual([]);
    expect(await user(stranger.accessToken, 'accept_invitation', { invitation_id: sent.id })).toMatchObject({ status: 404, body: { message: organisationMessages.invitationGone } });

    expect(await ok(kim.accessToken, 'accept_invitation', { invitation_id: sent.id })).toMatchObject({ organisation_id: id, role: 'admin', members: 2 });
    expect(await user(kim.accessToken, 'accept_invitation', { invitation_id: sent.id })).toMatchObject({ status: 404 });
    expect(await roles(owner.accessToken, id)).toEqual({ [owner.id]: 'owner', [kim.id]: 'admin' });
    expect(await user(owner.accessToken, 'invite_member', { organisation_id: id, email: kim.email, role: 'member' })).toMatchObject({ status: 409, body: { message: organisationMessages.alreadyMember } });

    // Withdrawn: its link stops working; declined: gone too, nobody added.
    const withdrawn = await ok<{ id: string }>(kim.accessToken, 'invite_member', { organisation_id: id, email: lee.email, role: 'member' });
    expect((await organisation(owner.accessToken, id)).invitations).toEqual([expect.objectContaining({ id: withdrawn.id, email: lee.email, role: 'member' })]);
    await ok(owner.accessToken, 'withdraw_invitation', { organisation_id: id, invitation_id: withdrawn.id });
    expect(await user(lee.accessToken, 'accept_invitation', { invitation_id: withdrawn.id })).toMatchObject({ status: 404 });
    const declined = await ok<{ id: string }>(owner.accessToken, 'invite_member', { organisation_id: id, email: lee.email, role: 'member' });
    await ok(lee.accessToken, 'decline_invitation', { invitation_id: declined.id });
    expect(await user(lee.accessToken, 'accept_invitation', { invitation_id: declined.id })).toMatchObject({ status: 404 });
    expect(await organisation(owner.accessToken, id)).toMatchObject({ invitations: [] });
    expect(Object.keys(await roles(owner.accessToken, id))).toHaveLength(2);
  });

  it('lets each role do what it may, and refuses the rest with nothing changed', async () => {
    const [owner, admin, member, other] = await Promise.all([person(), person(), person(), person()]);
    const id = await organisationOf(owner, [
      { who: admin, role: 'admin' },
      { who: member, role: 'member' },
    ]);
    const before = await organisation(owner.accessToken, id);
    const refused = { status: 403, body: { status: 'error', message: organisationMessages.notAllowed } };

    // An admin invites members, not admins; removes members, not admins or the owner; sets no roles.
    expect(await user(admin.accessToken, 'invite_member', { organisation_id: id, email: other.email, role: 'admin' })).toMatchObject(refused);
    expect(await user(admin.accessToken, 'remove_member', { organisation_id: id, user_id: owner.id })).toMatchObject(refused);
    expect(await user(admin.accessToken, 'set_member_role', { organisation_id: id, user_id: member.id, role: 'admin' })).toMatchObject(refused);
    expect(await user(admin.accessToken, 'hand_over_organisation', { organisation_id: id, user_id: admin.id })).toMatchObject(refused);
    // A member only reads (without emails or invitations) and leaves.
    for (const [cmd, params] of [
      ['invite_member', { email: other.email, role: 'member' }],
      ['rename_organisation', { name: 'Taken over' }],
      ['remove_member', { user_id: admin.id }],
      ['set_member_role', { user_id: member.id, role: 'admin' }],
      ['hand_over_organisation', { user_id: member.id }],
    ] as const) {
      expect(await user(member.accessToken, cmd, { organisation_id: id, ...params }), cmd).toMatchObject(refused);
    }
    const seen = await organisation(member.accessToken, id);
    expect(seen.role).toBe('member');
    expect(seen.members.every((entry) => entry.email === undefined)).toBe(true);
    // The owner cannot leave: they hand it over first.
    expect(await user(owner.accessToken, 'leave_organisation', { organisation_id: id })).toMatchObject({ status: 409, body: { message: organisationMessages.ownerLeaves } });
    expect(await organisation(owner.accessToken, id)).toEqual(before);

    await ok(admin.accessToken, 'rename_organisation', { organisation_id: id, name: 'Bench lab' });
    expect(await ok(owner.accessToken, 'set_member_role', { organisation_id: id, user_id: member.id, role: 'admin' })).toMatchObject({ role: 'admin' });
    await ok(owner.accessToken, 'hand_over_organisation', { organisation_id: id, user_id: member.id });
    expect(await roles(owner.accessToken, id)).toEqual({ [owner.id]: 'admin', [admin.id]: 'admin', [member.id]: 'owner' });
    await ok(member.accessToken, 'remove_member', { organisation_id: id, user_id: admin.id });
    await ok(owner.accessToken, 'leave_organisation', { organisation_id: id });
    expect(await organisation(member.accessToken, id)).toMatchObject({ name: 'Bench lab', owner_id: member.id, members: [{ user_id: member.id, role: 'owner' }] });
    expect((await ok<{ organisations: unknown[] }>(owner.accessToken, 'get_my_organisations')).organisations).toEqual([]);
  });

  it("refuses a stranger and a second organisation's admin on every cmd, saying nothing of the organisation, and changes nothing", async () => {
    const [owner, member, stranger, otherOwner] = await Promise.all([person(), person(), person(), person()]);
    const id = await organisationOf(owner, [{ who: member, role: 'member' }]);
    await organisationOf(otherOwner);
    const invitation = await ok<{ id: string }>(owner.accessToken, 'invite_member', { organisation_id: id, email: `nobody-${id}@example.com`, role: 'member' });
    const before = await organisation(owner.accessToken, id);
    for (const outsider of [stranger, otherOwner]) {
      for (const [cmd, params] of [
        ['get_organisation', {}],
        ['rename_organisation', { name: 'Mine now' }],
        ['invite_member', { email: outsider.email, role: 'admin' }],
        ['withdraw_invitation', { invitation_id: invitation.id }],
        ['leave_organisation', {}],
        ['remove_member', { user_id: member.id }],
        ['set_member_role', { user_id: member.id, role: 'admin' }],
        ['hand_over_organisation', { user_id: outsider.id }],
      ] as const) {
        expect(await user(outsider.accessToken, cmd, { organisation_id: id, ...params }), cmd).toMatchObject({ status: 404, body: { status: 'error', message: organisationMessages.notFound } });
      }
      expect(await user(outsider.accessToken, 'accept_invitation', { invitation_id: invitation.id })).toMatchObject({ status: 404 });
      expect(await user(outsider.accessToken, 'decline_invitation', { invitation_id: invitation.id })).toMatchObject({ status: 404 });
    }
    expect(await organisation(owner.accessToken, id)).toEqual(before);
  });

  it("limits a person's invitations a day", async () => {
    const owner = await person();
    const id = await organisationOf(owner);
    for (let n = 0; n < MAX_INVITATIONS_PER_DAY; n++) await ok(owner.accessToken, 'invite_member', { organisation_id: id, email: `invitee-${id}-${n}@example.com`, role: 'member' });
    expect(await user(owner.accessToken, 'invite_member', { organisation_id: id, email: `invitee-${id}-more@example.com`, role: 'member' })).toMatchObject({ status: 429 });
    expect((await organisation(owner.accessToken, id)).invitations).toHaveLength(MAX_INVITATIONS_PER_DAY);
  });

  it('lets the portal admins read any organisation, with its contacts, as no member of it', async () => {
    const [owner, admin] = await Promise.all([person(), createAdminUser()]);
    const id = await organisationOf(owner);
    expect(await organisation(admin.accessToken, id)).toMatchObject({ id, role: null, members: [{ user_id: owner.id, email: owner.email }] });
    expect(await user(admin.accessToken, 'rename_organisation', { organisation_id: id, name: 'Admin lab' })).toMatchObject({ status: 404 });
    // The owner's user detail names their organisations.
    expect(await ok(admin.accessToken, 'get_user_information', { user_id: owner.id })).toMatchObject({
      organisations: [{ organisation_id: id, name: `Lab of ${owner.id}`, role: 'owner', joined: expect.any(String) }],
    });
  });

  it("passes a deleted owner's organisation to its longest-standing admin, and leaves one without an admin to the portal's admins", async () => {
    const [owner, firstAdmin, secondAdmin, member, admin] = await Promise.all([person(), person(), person(), person(), createAdminUser().then(withUserId)]);
    const handed = await organisationOf(owner, [
      { who: firstAdmin, role: 'admin' },
      { who: member, role: 'member' },
      { who: secondAdmin, role: 'admin' },
    ]);
    const frozen = await organisationOf(owner, [{ who: member, role: 'member' }]);
    await ok(owner.accessToken, 'delete_user_account');
    const result = await asUnit({ job: 'delete-accounts' }, () => accountDeletion.runDeletionJob());
    expect(result.deleted).toContain(owner.id);

    expect(await organisation(firstAdmin.accessToken, handed)).toMatchObject({ owner_id: firstAdmin.id, role: 'owner' });
    expect(await roles(firstAdmin.accessToken, handed)).toEqual({ [firstAdmin.id]: 'owner', [secondAdmin.id]: 'admin', [member.id]: 'member' });
    const list = await ok<{ organisations: { id: number; members: number; owner_id: number }[] }>(admin.accessToken, 'get_organisations', { search: String(handed) });
    expect(list.organisations.find((row) => row.id === handed)).toMatchObject({ members: 3, owner_id: firstAdmin.id });
    // No admin to take it: it keeps the deleted owner's id, and its member manages nothing.
    expect(await organisation(member.accessToken, frozen)).toMatchObject({ owner_id: owner.id, members: [{ user_id: member.id, role: 'member' }] });
    expect(await user(member.accessToken, 'invite_member', { organisation_id: frozen, email: `x-${frozen}@example.com`, role: 'member' })).toMatchObject({ status: 403 });
    // The portal's admins name its member the owner; a customer may not.
    expect((await user(member.accessToken, 'set_organisation_owner', { organisation_id: frozen, user_id: member.id })).status).toBe(403);
    await ok(admin.accessToken, 'set_organisation_owner', { organisation_id: frozen, user_id: member.id });
    expect(await organisation(member.accessToken, frozen)).toMatchObject({ owner_id: member.id, role: 'owner' });
    const named = await ok<{ entries: { action: string; target: string; before: unknown; after: unknown }[] }>(admin.accessToken, 'get_audit_entries', { by_user_id: admin.id });
    expect(named.entries.filter((entry) => entry.action === 'set_organisation_owner')).toEqual([
      expect.objectContaining({ target: `organisation#${frozen}`, before: JSON.stringify({ owner_id: owner.id }), after: JSON.stringify({ owner_id: member.id }) }),
    ]);
    const trail = await ok<{ entries: { action: string; target: string }[] }>(admin.accessToken, 'get_audit_entries', { by_user_id: owner.id });
    expect(trail.entries.filter((entry) => entry.action === 'delete_user_account').map((entry) => entry.target)).toEqual(
      expect.arrayContaining([`organisation#${handed}`, `organisation#${frozen}`]),
    );
  });
});
