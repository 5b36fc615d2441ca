import { describe, expect, it } from 'vitest';
import { MAX_INVITATIONS_PER_DAY, MAX_ORGANISATIONS_PER_DAY, type Organisation, type ReceivedInvitation } from '../../shared/organisations/organisations.contract';
import { organisationMessages } from '../../shared/organisations/organisation-roles';
import * as accountDeletion from '../../functions/domain/accounts/account-deletion';
import type { OrganisationLicense } from '../../shared/organisations/organisation-seats.contract';
import { licenseMessages } from '../../shared/licenses/messages';
import type { Machine } from '../../shared/licenses/seat';
import { listLicenses, renewLicense, reserveLicense, returnLicense, signIn as clientSignIn, verifyReservation } from '../../scripts/client/protocol';
import { readKeysFile } from '../../scripts/client/trusted-keys';
import { asUnit, callApi, createAdminUser, createConfirmedUser, stackContext } from '../support/api';
import { clientRefusal, licCall, storeLicense, storedLicense, withUserId } from '../support/licenses';

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

  it('pages and searches its members by name, each named as their profile says now', async () => {
    const [owner, kim, lee] = await Promise.all([person(), person(), person()]);
    const id = await organisationOf(owner, [
      { who: kim, role: 'member' },
      { who: lee, role: 'member' },
    ]);
    await ok(kim.accessToken, 'update_user_profile', { first_name: 'Kimberly', last_name: `Renamed ${id}`, company: 'Bench' });
    const found = await ok<Organisation>(owner.accessToken, 'get_organisation', { organisation_id: id, page: 1, search: `renamed ${id}` });
    expect(found).toMatchObject({ member_count: 1, members: [{ user_id: kim.id, first_name: 'Kimberly', last_name: `Renamed ${id}`, email: kim.email }] });
    const all = await ok<Organisation>(owner.accessToken, 'get_organisation', { organisation_id: id, page: 1 });
    expect(all.member_count).toBe(3);
    expect(all.members.map((member) => member.role)).toEqual(['owner', 'member', 'member']);
    expect((await ok<Organisation>(owner.accessToken, 'get_organisation', { organisation_id: id, page: 2 })).members).toEqual([]);
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
    // A license the owner bought for the organisation stays its, enabled, with its new owner as owner of record.
    const bought = await storeLicense(owner.id);
    await lic(owner.accessToken, 'add_license_to_organisation', { license_id: bought.id, organisation_id: handed });
    await ok(owner.accessToken, 'delete_user_account');
    const result = await asUnit({ job: 'delete-accounts' }, () => accountDeletion.runDeletionJob());
    expect(result.deleted).toContain(owner.id);

    expect(await organisation(firstAdmin.accessToken, handed)).toMatchObject({ owner_id: firstAdmin.id, role: 'owner' });
    expect(await roles(firstAdmin.accessToken, handed)).toEqual({ [firstAdmin.id]: 'owner', [secondAdmin.id]: 'admin', [member.id]: 'member' });
    expect(await storedLicense(bought.id)).toMatchObject({ user_id: firstAdmin.id, organisation_id: handed, enabled: true });
    expect((await seatOf(firstAdmin.accessToken, handed, bought.id)).bought_by.id).toBe(firstAdmin.id);
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

const refusal = clientRefusal;
const machine = (name: string): Machine => ({ fingerprint: `fp-${name}`, hostname: `${name}.example`, client_version: '3.1.0', os: 'linux' });
/** A person signed in through the reference client too (the desktop app's calls). */
const desktopPerson = async () => {
  const who = await person();
  return { ...who, session: await clientSignIn(stackContext().baseUrl, who.username, who.password) };
};
const lic = async <T>(token: string, cmd: string, params: Record<string, unknown> = {}): Promise<T> => {
  const answer = await licCall(token, cmd, params);
  expect(answer.body, `${cmd} ${JSON.stringify(params)}`).toMatchObject({ status: 'ok' });
  return answer.body.data as T;
};
type Seats = { licenses: OrganisationLicense[]; count: number; role: string | null; members: { id: number; name: string }[] };
const seats = (token: string, id: number, params: Record<string, unknown> = {}) => lic<Seats>(token, 'get_organisation_licenses', { organisation_id: id, ...params });
const seatOf = async (token: string, id: number, licenseId: number) => (await seats(token, id, { search: String(licenseId) })).licenses[0]!;

describe('organisation licenses and seats', () => {
  it('puts a license in an organisation (its buyer, a code, an admin); members use an assigned seat or the pool with a signed lease, never two machines', async () => {
    const [owner, admin, kim, lee, stranger] = await Promise.all([desktopPerson(), desktopPerson(), desktopPerson(), desktopPerson(), desktopPerson()]);
    const portalAdmin = await createAdminUser();
    const id = await organisationOf(owner, [
      { who: admin, role: 'admin' },
      { who: kim, role: 'member' },
      { who: lee, role: 'member' },
    ]);
    // Its buyer puts it in: the seat goes to the pool, and the organisation's history says who did it.
    const bought = await storeLicense(owner.id, { valid_to: '2099-01-01' });
    expect(await lic(owner.accessToken, 'add_license_to_organisation', { license_id: bought.id, organisation_id: id })).toMatchObject({
      organisation_id: id,
      license: { id: bought.id, bought_by: { id: owner.id }, assigned_to: null, holder: null },
    });
    // A member sees it on their list, from the organisation, and the desktop app may take it; a stranger may not.
    const kimsList = await listLicenses(kim.session, machine('kim'));
    expect(kimsList.find((row) => row.id === bought.id)).toMatchObject({ organisation_id: id, assigned_to: null, available: true });
    const web = await lic<{ licenses: { id: number; organisation_name: string | null }[] }>(kim.accessToken, 'get_licenses');
    expect(web.licenses.find((row) => row.id === bought.id)).toMatchObject({ organisation_name: `Lab of ${owner.id}` });
    expect((await listLicenses(stranger.session, machine('stranger'))).map((row) => row.id)).not.toContain(bought.id);
    expect(await refusal(reserveLicense(stranger.session, bought.id, machine('stranger')))).toEqual({ status: 404, message: licenseMessages.notFound(bought.id) });

    // Two members ask for the pool's one seat at once: exactly one machine gets it.
    const raced = await Promise.all([refusal(reserveLicense(kim.session, bought.id, machine('kim'))), refusal(reserveLicense(lee.session, bought.id, machine('lee')))]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = raced[0]!.status === 200 ? kim : lee;
    const loser = winner === kim ? lee : kim;
    expect(await storedLicense(bought.id)).toMatchObject({ reserved_to: winner.id, fingerprint: machine(winner === kim ? 'kim' : 'lee').fingerprint });
    expect(await refusal(reserveLicense(loser.session, bought.id, machine('other')))).toEqual({ status: 409, message: licenseMessages.heldByAnotherUser });

    // Its admin assigns it to the loser: the winner's seat is released, their renewals refused; the loser reserves with a signed lease.
    const assigned = await lic<{ license: OrganisationLicense }>(admin.accessToken, 'assign_license', { organisation_id: id, license_id: bought.id, user_id: loser.id });
    expect(assigned.license).toMatchObject({ assigned_to: { id: loser.id }, holder: null });
    const winnerMachine = machine(winner === kim ? 'kim' : 'lee');
    expect(await refusal(renewLicense(winner.session, bought.id, winnerMachine))).toMatchObject({ status: 404 });
    const loserMachine = machine(loser === kim ? 'kim' : 'lee');
    const lease = await reserveLicense(loser.session, bought.id, loserMachine);
    expect(verifyReservation(lease.reservation, readKeysFile(stackContext().localStack.licenseKeysFile), { machine: loserMachine })).toMatchObject({ license_id: bought.id, user_id: loser.id });
    expect((await listLicenses(winner.session, winnerMachine)).map((row) => row.id)).not.toContain(bought.id);

    // A code redeemed for the organisation by its admin, and a license an admin of the portal puts in.
    const codes = await lic<{ codes: string[] }>(portalAdmin.accessToken, 'create_license_codes', {
      license_type_id: 'Automation', single_usage: true, description: 'Team', count: 1, duration: 'P1Y',
    });
    const redeemed = await lic<{ license_id: number }>(admin.accessToken, 'redeem_license_code', { code: codes.codes[0], organisation_id: id });
    expect(await storedLicense(redeemed.license_id)).toMatchObject({ user_id: admin.id, organisation_id: id });
    const strangers = await storeLicense(stranger.id);
    expect(await lic(portalAdmin.accessToken, 'set_license_organisation', { license_id: strangers.id, organisation_id: id })).toEqual({ license_id: strangers.id, organisation_id: id });
    const pooled = (await listLicenses(kim.session, machine('kim'))).filter((row) => row.organisation_id === id).map((row) => row.id);
    expect(pooled).toEqual(expect.arrayContaining([redeemed.license_id, strangers.id]));
    // Its owner of record no longer moves or shares it.
    expect(await licCall(stranger.accessToken, 'move_license', { license_id: strangers.id, to_user_id: kim.id })).toMatchObject({ status: 403, body: { message: licenseMessages.organisationLicense } });
    expect(await licCall(stranger.accessToken, 'share_license', { license_id: strangers.id, with_user_id: kim.id })).toMatchObject({ status: 403, body: { message: licenseMessages.organisationLicense } });

    // The organisation's history (its detail for the portal's admins) names every act, newest first, with who did it.
    const history = await ok<{ entries: { action: string; by_user_id: number; license_id: number | null }[]; count: number }>(portalAdmin.accessToken, 'get_organisation_history', { organisation_id: id });
    expect(history.entries.slice(0, 3)).toEqual([
      expect.objectContaining({ action: 'set_license_organisation', license_id: strangers.id }),
      expect.objectContaining({ action: 'assign_license', by_user_id: admin.id, license_id: bought.id }),
      expect.objectContaining({ action: 'add_license_to_organisation', by_user_id: owner.id, license_id: bought.id }),
    ]);
    expect(history.entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create_organisation', 'accept_invitation', 'invite_member']));
    expect((await user(owner.accessToken, 'get_organisation_history', { organisation_id: id })).status).toBe(403);
  });

  it('shows its owner and admins every seat (holder, machine, since, lease end); a released machine keeps its lease; a removed member stops at lease end', async () => {
    const [owner, kim, lee] = await Promise.all([desktopPerson(), desktopPerson(), desktopPerson()]);
    const portalAdmin = await createAdminUser();
    const id = await organisationOf(owner, [
      { who: kim, role: 'member' },
      { who: lee, role: 'member' },
    ]);
    const license = await storeLicense(owner.id, { valid_to: '2099-01-01' });
    await lic(owner.accessToken, 'add_license_to_organisation', { license_id: license.id, organisation_id: id });
    const lost = machine('kim-lost');
    const lease = await reserveLicense(kim.session, license.id, lost);

    const seen = await seatOf(owner.accessToken, id, license.id);
    expect(seen.holder).toEqual({ user_id: kim.id, name: expect.any(String), member: true, hostname: lost.hostname, since: expect.any(String), lease_end: expect.any(String) });
    expect(Date.parse(seen.holder!.lease_end!)).toBe(Date.parse(verifyReservation(lease.reservation, readKeysFile(stackContext().localStack.licenseKeysFile)).not_after));
    expect((await seats(portalAdmin.accessToken, id)).role).toBeNull();
    // A member manages no seats: refused, and sees only what they may use on their own list.
    expect(await licCall(kim.accessToken, 'get_organisation_licenses', { organisation_id: id })).toMatchObject({ status: 403, body: { message: organisationMessages.notAllowed } });

    // The owner releases the lost machine's seat: free at once, the old lease still verifies, its renewal is refused.
    const released = await lic<{ license: OrganisationLicense }>(owner.accessToken, 'release_organisation_seat', { organisation_id: id, license_id: license.id });
    expect(released.license.holder).toBeNull();
    const keys = readKeysFile(stackContext().localStack.licenseKeysFile);
    expect(verifyReservation(lease.reservation, keys, { machine: lost }).license_id).toBe(license.id);
    expect(await refusal(renewLicense(kim.session, license.id, lost))).toEqual({ status: 409, message: licenseMessages.noLongerHeld });
    expect(await licCall(owner.accessToken, 'release_organisation_seat', { organisation_id: id, license_id: license.id })).toMatchObject({ status: 409, body: { message: organisationMessages.seatFree } });

    // Lee takes the pool's seat; the owner removes Lee: Lee's renewals end, and the seat is free for Kim.
    await reserveLicense(lee.session, license.id, machine('lee'));
    await ok(owner.accessToken, 'remove_member', { organisation_id: id, user_id: lee.id });
    expect(await refusal(renewLicense(lee.session, license.id, machine('lee')))).toMatchObject({ status: 404 });
    expect((await seatOf(owner.accessToken, id, license.id)).holder).toMatchObject({ user_id: lee.id, member: false });
    await reserveLicense(kim.session, license.id, machine('kim'));
    expect((await seatOf(owner.accessToken, id, license.id)).holder).toMatchObject({ user_id: kim.id, member: true, hostname: machine('kim').hostname });
    await returnLicense(kim.session, license.id, machine('kim').fingerprint);
    expect((await seatOf(owner.accessToken, id, license.id)).holder).toBeNull();
  });

  it("refuses a stranger, a member and a second organisation's admin on every seat cmd, and changes nothing", async () => {
    const [owner, member, stranger, otherOwner] = await Promise.all([person(), person(), person(), person()]);
    const id = await organisationOf(owner, [{ who: member, role: 'member' }]);
    const other = await organisationOf(otherOwner);
    const license = await storeLicense(owner.id);
    await lic(owner.accessToken, 'add_license_to_organisation', { license_id: license.id, organisation_id: id });
    const outsidersLicense = await storeLicense(otherOwner.id);
    const before = [await storedLicense(license.id), await storedLicense(outsidersLicense.id)];
    const cmds = [
      ['get_organisation_licenses', { organisation_id: id }],
      ['assign_license', { organisation_id: id, license_id: license.id, user_id: member.id }],
      ['release_organisation_seat', { organisation_id: id, license_id: license.id }],
      ['add_license_to_organisation', { organisation_id: id, license_id: outsidersLicense.id }],
    ] as const;
    for (const outsider of [stranger, otherOwner]) {
      for (const [cmd, params] of cmds) {
        expect(await licCall(outsider.accessToken, cmd, params), `${cmd} by an outsider`).toMatchObject({ status: 404, body: { status: 'error', message: organisationMessages.notFound } });
      }
    }
    for (const [cmd, params] of cmds) {
      expect(await licCall(member.accessToken, cmd, params), `${cmd} by a member`).toMatchObject({ status: 403, body: { status: 'error', message: organisationMessages.notAllowed } });
    }
    // Its owner cannot take another's license in, nor assign a seat to someone outside, nor act on another organisation's license.
    expect(await licCall(owner.accessToken, 'add_license_to_organisation', { organisation_id: id, license_id: outsidersLicense.id })).toMatchObject({ status: 403, body: { message: organisationMessages.addOwnLicense } });
    expect(await licCall(owner.accessToken, 'assign_license', { organisation_id: id, license_id: license.id, user_id: stranger.id })).toMatchObject({ status: 404, body: { message: organisationMessages.notMember } });
    expect(await licCall(otherOwner.accessToken, 'assign_license', { organisation_id: other, license_id: license.id, user_id: null })).toMatchObject({ status: 404, body: { message: organisationMessages.notItsLicense } });
    expect(await licCall(owner.accessToken, 'set_license_organisation', { license_id: license.id, organisation_id: null })).toMatchObject({ status: 403 });
    expect(await licCall(stranger.accessToken, 'redeem_license_code', { code: 'ABCD-EFGH-IJKL', organisation_id: id })).toMatchObject({ status: 404, body: { message: organisationMessages.notFound } });
    expect([await storedLicense(license.id), await storedLicense(outsidersLicense.id)]).toEqual(before);
  });
});
