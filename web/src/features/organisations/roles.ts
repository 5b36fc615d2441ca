import type { INVITED_ROLES, Member, OrganisationRole } from '../../../../shared/organisations/organisations.contract';

/**
 * What a caller may do in an organisation, by their role in it, as its cmds allow it
 * (shared/organisations/organisations.contract.ts): the screen offers only these, and the server refuses
 * the rest anyway. `null` is a portal admin who is not a member: they read, and change nothing here.
 */

export type InvitedRole = (typeof INVITED_ROLES)[number];
type Role = OrganisationRole | null;

const manages = (role: Role) => role === 'owner' || role === 'admin';

/** The actions on the organisation itself. */
export const organisationActions = (role: Role) => ({
  /** Its owner and admins rename it. */
  rename: manages(role),
  /** Its owner invites admins or members, an admin only members. */
  invite: (role === 'owner' ? ['admin', 'member'] : role === 'admin' ? ['member'] : []) as readonly InvitedRole[],
  /** Its owner and admins see its pending invitations and withdraw them. */
  withdraw: manages(role),
  /** Admins and members leave; the owner hands it over first (the last owner cannot leave). */
  leave: role === 'admin' || role === 'member',
});

/** The actions on one member's row: its owner removes anyone else, re-roles and hands over; an admin removes members. */
export function memberActions(role: Role, callerId: number, member: Member) {
  const other = member.user_id !== callerId;
  const owner = role === 'owner' && other;
  return {
    remove: owner || (role === 'admin' && member.role === 'member'),
    /** The role the owner may give them instead of theirs (ownership is only handed over). */
    changeRoleTo: owner && member.role !== 'owner' ? ((member.role === 'admin' ? 'member' : 'admin') as InvitedRole) : null,
    handOver: owner,
  };
}
