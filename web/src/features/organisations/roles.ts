import type { INVITED_ROLES, Member, OrganisationRole } from '../../../../shared/organisations/organisations.contract';
import { organisationRules } from '../../../../shared/organisations/organisation-roles';

/**
 * What the caller may do in an organisation, from the rules the server holds its cmds to
 * (shared/organisations/organisation-roles.ts): the screen offers only these. `null` is a portal admin
 * who is not a member: they read, and change nothing here.
 */

export type InvitedRole = (typeof INVITED_ROLES)[number];
type Role = OrganisationRole | null;

/** The actions on the organisation itself. */
export const organisationActions = (role: Role) => ({
  rename: organisationRules.rename(role),
  /** The roles the caller may invite with, members first (what most invitations give). */
  invite: (['member', 'admin'] as const).filter((invited) => organisationRules.invite(role, invited)),
  withdraw: organisationRules.withdraw(role),
  leave: organisationRules.leave(role),
});

/** The actions on one member's row (none on the caller's own: they leave instead). */
export function memberActions(role: Role, callerId: number, member: Member) {
  const self = member.user_id === callerId;
  return {
    remove: organisationRules.remove(role, member.role, self),
    /** The role the owner may give them instead of theirs (ownership is only handed over). */
    changeRoleTo: organisationRules.setRole(role, member.role, self) ? ((member.role === 'admin' ? 'member' : 'admin') as InvitedRole) : null,
    handOver: organisationRules.handOver(role, self),
  };
}
