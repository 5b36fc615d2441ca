import type { DomainDeclaration } from '../../lib/records/domain';
import type { Forget } from '../../lib/user-data';
import { MemberLicensesMarkEntity } from '../licenses/organisation-views.entity';
import { InvitationEntity, invitationKind } from './invitation.kind';
import { MembershipEntity, membershipKind } from './membership.kind';
import { OrganisationEntity, organisationKind } from './organisation.kind';
import { forgetMemberships, membershipsOf } from './organisations.repository';

/** A deleted user's memberships end; an organisation they owned passes to an admin (organisations.repository.ts). */
export const forgetOrganisations: Forget = (user, now) => forgetMemberships(user.id, now);

/** The organisations domain's part of the admin's user detail: the organisations they belong to, by name. */
export const organisationsUserDetail = async (userId: number) => ({
  organisations: (await membershipsOf(userId))
    .map(({ membership, organisation }) => ({ organisation_id: organisation.id, name: organisation.name, role: membership.role, joined: membership.created }))
    .sort((a, b) => a.name.localeCompare(b.name)),
});

/** The organisations domain: organisations, their members with their roles, and the invitations they send. */
export const organisationsDomain = {
  domain: 'organisations',
  kinds: [organisationKind, membershipKind, invitationKind],
  parts: [
    {
      what: 'the organisations they own (name, their id)',
      entities: [OrganisationEntity],
      fate: 'keep',
      why: 'an organisation outlives its owner (its members and seats): it passes to its longest-standing admin, or waits for the portal admins to name an owner',
    },
    {
      what: 'their memberships of organisations, with their role (and its mark among their license copies)',
      entities: [MembershipEntity, MemberLicensesMarkEntity],
      fate: 'delete',
      why: 'a member who is gone no longer uses the seats',
    },
    {
      what: 'invitations they sent, and invitations to their email address',
      entities: [InvitationEntity],
      fate: 'expire',
      why: 'an invitation ends unanswered after INVITATION_DAYS (7 days) and is removed a day later',
    },
  ],
  forget: forgetOrganisations,
  detail: organisationsUserDetail,
} as const satisfies DomainDeclaration;
