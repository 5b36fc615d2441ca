import type { organisationsAdminContract } from '../../../shared/organisations/organisations.admin';
import { MAX_MEMBERS_PER_ORGANISATION, ORGANISATION_MEMBERS_PAGE_SIZE, type Member, type organisationsContract, type OrganisationRole } from '../../../shared/organisations/organisations.contract';
import { organisationMessages, organisationRules, type Actor } from '../../../shared/organisations/organisation-roles';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import { getEmailSender } from '../../lib/adapters/email';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { portalLink } from '../../lib/portal-address';
import { findUserById, findUserBySub, usersByIds } from '../users/users.repository';
import { nameOrEmail } from '../users/person';
import type { UserRecord } from '../users/user.entity';
import { organisationHistory } from '../audit/audit.repository';
import { historyPage } from '../audit/history-page';
import { organisationList } from './organisation.kind';
import type { DirectoryMember } from './organisation-directory';
import {
  addMembership,
  changeOrganisation,
  createOrganisation,
  findMembership,
  findOrganisation,
  invitationKind,
  invitationsTo,
  membershipKind,
  membershipsOf,
  newInvitation,
  newMembership,
  organisationsByIds,
  organisationWithMembers,
  passOwnership,
  removeMembership,
  type InvitationRecord,
  type MembershipRecord,
  type OrganisationRecord,
} from './organisations.repository';

type Handlers = EndpointHandlers<typeof organisationsContract> & EndpointHandlers<typeof organisationsAdminContract>;

/** The organisations screen's address; an invitation's link names the invitation. */
const ORGANISATIONS_PATH = '/organisations';

const nameOf = (user: UserRecord | undefined) => (user ? nameOrEmail(user) : '');
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The organisation and the caller's membership of it, read for an act: refused as unknown (404) when the
 * caller is not a member, so a stranger learns nothing of it.
 */
async function actingIn(organisationId: number, viewer: Viewer) {
  const [organisation, membership] = await Promise.all([findOrganisation(organisationId), findMembership(organisationId, viewer.userId)]);
  if (!organisation || !membership) throw notFound(organisationMessages.notFound);
  return { organisation, membership, role: membership.role as Actor };
}

/**
 * As actingIn, with the organisation's members and invitations: one Query of its partition for all of it.
 * A portal admin may read any (role null) where `portalAdminReads` says so.
 */
async function actingInWhole(organisationId: number, viewer: Viewer, { portalAdminReads = false } = {}) {
  const whole = await organisationWithMembers(organisationId, { invitations: true });
  const membership = whole.members.find((member) => member.user_id === viewer.userId);
  if (!whole.organisation || (!membership && !(portalAdminReads && viewer.isAdmin))) throw notFound(organisationMessages.notFound);
  return { ...whole, organisation: whole.organisation, role: (membership?.role ?? null) as Actor };
}

/**
 * A member as their organisation shows them: their name as their membership keeps it (or, for one from
 * before it did, as `person` says), the email only to those who see contacts.
 */
const memberRow = (member: DirectoryMember, person: UserRecord | undefined, contacts: boolean): Member => ({
  user_id: member.user_id,
  first_name: member.first_name ?? person?.first_name ?? '',
  last_name: member.last_name ?? person?.last_name ?? '',
  ...(contacts && person ? { email: person.email } : {}),
  role: member.role,
  joined: member.created,
});

/** A pending invitation as its organisation's owner and admins see it. */
const sentInvitationRow = (invitation: InvitationRecord, invitedBy: string) => ({
  id: invitation.id,
  email: invitation.email,
  role: invitation.role,
  invited_by: invitedBy,
  created: invitation.created,
  expires: invitation.expires,
});

const allow = (allowed: boolean) => {
  if (!allowed) throw forbidden(organisationMessages.notAllowed);
};

/** A member of `organisationId` other than the caller, or 404 for someone who is not. */
async function memberOf(organisationId: number, userId: number): Promise<MembershipRecord> {
  const member = await findMembership(organisationId, userId);
  if (!member) throw notFound(organisationMessages.notMember);
  return member;
}

/** Members' records by id: each read by its key where the membership keeps it (one GetItem), else by id. */
async function peopleOf(members: readonly DirectoryMember[]): Promise<Map<number, UserRecord>> {
  const found = await Promise.all(members.map((member) => (member.sub === undefined ? findUserById(member.user_id) : findUserBySub(member.sub))));
  return new Map(found.filter((user) => user !== null).map((user) => [user.id, user]));
}

/** A membership as the caller's list shows it. */
const membershipRow = (membership: MembershipRecord, organisation: OrganisationRecord, owners: ReadonlyMap<number, UserRecord>) => ({
  organisation_id: organisation.id,
  name: organisation.name,
  role: membership.role,
  members: organisation.members,
  owner: nameOf(owners.get(organisation.owner_id)),
  joined: membership.created,
});

async function mailInvitation(invitation: InvitationRecord, organisation: OrganisationRecord, inviter: string): Promise<void> {
  const link = await portalLink(`${ORGANISATIONS_PATH}?invitation=${encodeURIComponent(invitation.id)}`);
  await getEmailSender().send({
    to: invitation.email,
    subject: `${inviter} invites you to ${organisation.name}`,
    text: [
      `${inviter} invites you to join ${organisation.name} as ${invitation.role === 'admin' ? 'an admin' : 'a member'} on the portal.`,
      '',
      `Sign in (or create an account) with this email address to accept or decline: ${link}`,
      '',
      `The invitation ends on ${invitation.expires.slice(0, 10)}.`,
    ].join('\n'),
  });
}

/** The invitation `id` to the caller's email address, still open. */
async function openInvitationTo(viewer: Viewer, id: string): Promise<InvitationRecord> {
  const user = await viewer.user();
  const invitation = (await invitationsTo(user.email, new Date(0))).find((candidate) => candidate.id === id);
  if (!invitation) throw notFound(organisationMessages.invitationGone);
  if (invitation.expires <= new Date().toISOString()) throw conflict(organisationMessages.invitationEnded);
  return invitation;
}

/** The organisations feature's handlers, served by the `user` endpoint (functions/user/app.ts). */
export const organisationHandlers: Handlers = {
  create_organisation: async ({ name }, { viewer }) => {
    const organisation = await createOrganisation(name, await viewer.user());
    return { id: organisation.id, name: organisation.name };
  },

  get_my_organisations: async (_params, { viewer }) => {
    const [memberships, user] = await Promise.all([membershipsOf(viewer.userId), viewer.user()]);
    const invitations = await invitationsTo(user.email);
    const [invitedTo, people] = await Promise.all([
      organisationsByIds(invitations.map((invitation) => invitation.organisation_id)),
      usersByIds([...memberships.map(({ organisation }) => organisation.owner_id), ...invitations.map((invitation) => invitation.by_user_id)]),
    ]);
    return {
      organisations: memberships.map(({ membership, organisation }) => membershipRow(membership, organisation, people)).sort((a, b) => a.name.localeCompare(b.name)),
      invitations: invitations
        .filter((invitation) => invitedTo.has(invitation.organisation_id))
        .map((invitation) => ({
          id: invitation.id,
          organisation_id: invitation.organisation_id,
          organisation_name: invitedTo.get(invitation.organisation_id)!.name,
          role: invitation.role,
          invited_by: nameOf(people.get(invitation.by_user_id)),
          expires: invitation.expires,
        })),
    };
  },

  get_organisation: async ({ organisation_id, page, search }, { viewer }) => {
    const { organisation, members, invitations, role } = await actingInWhole(organisation_id, viewer, { portalAdminReads: true });
    const contacts = organisationRules.seesContacts(role, viewer.isAdmin);
    const now = new Date().toISOString();
    const rank: Record<OrganisationRole, number> = { owner: 0, admin: 1, member: 2 };
    const nameKey = (member: DirectoryMember) => `${member.last_name ?? ''} ${member.first_name ?? ''}`;
    const text = search?.toLowerCase();
    const found = (text ? members.filter((member) => `${member.first_name ?? ''} ${member.last_name ?? ''}`.toLowerCase().includes(text)) : members).sort(
      (a, b) => rank[a.role] - rank[b.role] || nameKey(a).localeCompare(nameKey(b)) || a.user_id - b.user_id,
    );
    const shown = page === undefined ? found : found.slice((page - 1) * ORGANISATION_MEMBERS_PAGE_SIZE, page * ORGANISATION_MEMBERS_PAGE_SIZE);
    // People are read only where their membership does not say enough: an email for those who see
    // contacts, a name kept from before memberships kept it, an invitation's sender.
    const readFor = shown.filter((member) => contacts || member.first_name === undefined);
    const [people, senders] = await Promise.all([peopleOf(readFor), usersByIds(contacts ? invitations.map((invitation) => invitation.by_user_id) : [])]);
    return {
      id: organisation.id,
      name: organisation.name,
      owner_id: organisation.owner_id,
      role,
      created: organisation.created,
      members: shown.map((member) => memberRow(member, people.get(member.user_id), contacts)),
      member_count: found.length,
      invitations: contacts
        ? invitations.filter((invitation) => invitation.expires > now).map((invitation) => sentInvitationRow(invitation, nameOf(senders.get(invitation.by_user_id))))
        : [],
    };
  },

  rename_organisation: async ({ organisation_id, name }, { viewer }) => {
    const { organisation, role } = await actingIn(organisation_id, viewer);
    allow(organisationRules.rename(role));
    const renamed = await changeOrganisation(organisation, [], (current) => ({ ...current, name }), { audited: true });
    return { id: renamed.id, name: renamed.name };
  },

  invite_member: async ({ organisation_id, email, role: invited }, { viewer }) => {
    const { organisation, members, invitations, role } = await actingInWhole(organisation_id, viewer);
    allow(organisationRules.invite(role, invited));
    const now = new Date();
    const open = invitations.filter((invitation) => invitation.expires > now.toISOString());
    if (open.some((invitation) => sameEmail(invitation.email, email))) throw conflict(organisationMessages.alreadyInvited);
    const people = await peopleOf(members);
    if (members.some((member) => sameEmail(people.get(member.user_id)?.email ?? '', email))) throw conflict(organisationMessages.alreadyMember);
    if (members.length + open.length >= MAX_MEMBERS_PER_ORGANISATION) throw conflict(organisationMessages.full);
    const invitation = newInvitation(organisation_id, email, invited, viewer.userId, now);
    // Invitations that ended leave with this write, so the organisation's partition keeps only live ones.
    const ended = invitations.filter((old) => !open.includes(old)).map((old) => invitationKind.change({ before: old, after: null }));
    await changeOrganisation(organisation, [invitationKind.change({ before: null, after: invitation, audit: {} }), ...ended], undefined, { now });
    const inviter = await viewer.user();
    await mailInvitation(invitation, organisation, nameOf(inviter));
    return sentInvitationRow(invitation, nameOf(inviter));
  },

  withdraw_invitation: async ({ organisation_id, invitation_id }, { viewer }) => {
    const { organisation, invitations, role } = await actingInWhole(organisation_id, viewer);
    allow(organisationRules.withdraw(role));
    const invitation = invitations.find((candidate) => candidate.id === invitation_id);
    if (!invitation) throw notFound(organisationMessages.invitationGone);
    await changeOrganisation(organisation, [invitationKind.change({ before: invitation, after: null, audit: { action: 'withdraw_invitation' } })]);
    return { organisation_id };
  },

  accept_invitation: async ({ invitation_id }, { viewer }) => {
    const invitation = await openInvitationTo(viewer, invitation_id);
    const [organisation, already] = await Promise.all([findOrganisation(invitation.organisation_id), findMembership(invitation.organisation_id, viewer.userId)]);
    if (!organisation) throw notFound(organisationMessages.invitationGone);
    if (already) throw conflict(organisationMessages.alreadyMember);
    if (organisation.members >= MAX_MEMBERS_PER_ORGANISATION) throw conflict(organisationMessages.full);
    const membership = newMembership(organisation.id, await viewer.user(), invitation.role);
    // The invitation is used once: it goes in the transaction that makes the membership.
    const after = await addMembership(organisation, membership, { with: [invitationKind.change({ before: invitation, after: null, condition: { attr: 'id', exists: true } })] });
    const owners = await usersByIds([after.owner_id]);
    return membershipRow(membership, after, owners);
  },

  decline_invitation: async ({ invitation_id }, { viewer }) => {
    const invitation = await openInvitationTo(viewer, invitation_id);
    const organisation = await findOrganisation(invitation.organisation_id);
    if (!organisation) throw notFound(organisationMessages.invitationGone);
    await changeOrganisation(organisation, [invitationKind.change({ before: invitation, after: null, condition: { attr: 'id', exists: true }, audit: { action: 'decline_invitation' } })]);
    return { organisation_id: organisation.id };
  },

  leave_organisation: async ({ organisation_id }, { viewer }) => {
    const { organisation, membership, role } = await actingIn(organisation_id, viewer);
    if (role === 'owner') throw conflict(organisationMessages.ownerLeaves);
    await removeMembership(organisation, membership);
    return { organisation_id };
  },

  remove_member: async ({ organisation_id, user_id }, { viewer }) => {
    const { organisation, role } = await actingIn(organisation_id, viewer);
    const member = await memberOf(organisation_id, user_id);
    allow(organisationRules.remove(role, member.role, user_id === viewer.userId));
    await removeMembership(organisation, member);
    return { organisation_id };
  },

  set_member_role: async ({ organisation_id, user_id, role: newRole }, { viewer }) => {
    const { organisation, role } = await actingIn(organisation_id, viewer);
    const member = await memberOf(organisation_id, user_id);
    allow(organisationRules.setRole(role, member.role, user_id === viewer.userId));
    const changed: MembershipRecord = { ...member, role: newRole, updated: new Date().toISOString() };
    if (member.role !== newRole) await changeOrganisation(organisation, [membershipKind.change({ before: member, after: changed, audit: {} })]);
    // Only the owner changes roles, and the owner sees contacts.
    return memberRow(changed, (await usersByIds([user_id])).get(user_id), true);
  },

  hand_over_organisation: async ({ organisation_id, user_id }, { viewer }) => {
    const { organisation, membership, role } = await actingIn(organisation_id, viewer);
    const heir = await memberOf(organisation_id, user_id);
    allow(organisationRules.handOver(role, user_id === viewer.userId));
    await passOwnership(organisation, heir, membership);
    return { organisation_id };
  },

  set_organisation_owner: async ({ organisation_id, user_id }) => {
    const organisation = await findOrganisation(organisation_id);
    if (!organisation) throw notFound(organisationMessages.notFound);
    const [heir, previous] = await Promise.all([memberOf(organisation_id, user_id), findMembership(organisation_id, organisation.owner_id)]);
    if (heir.role !== 'owner') await passOwnership(organisation, heir, previous);
    return { organisation_id };
  },

  get_organisation_history: async ({ organisation_id, limit, page }) => {
    if (!(await findOrganisation(organisation_id))) throw notFound(organisationMessages.notFound);
    return historyPage(await organisationHistory(organisation_id), { limit, page });
  },

  get_organisations: async (params) => {
    const { rows, count } = await organisationList.page(params);
    return { organisations: rows, count };
  },
  get_organisations_csv: (params) => organisationList.csv(params),
};
