import type { OrganisationRole } from './organisations';

/**
 * Who may do what in an organisation, by role: the server refuses what these refuse, and the screens
 * offer only what they allow. `null` is a portal admin who is not a member (they read, they do not act).
 */
export type Actor = OrganisationRole | null;

const manages = (role: Actor) => role === 'owner' || role === 'admin';

export const organisationRules = {
  /** Sees members' emails and the pending invitations. */
  seesContacts: (role: Actor, isPortalAdmin: boolean) => isPortalAdmin || manages(role),
  rename: manages,
  /** The owner invites admins or members, an admin members. */
  invite: (role: Actor, invited: 'admin' | 'member') => role === 'owner' || (role === 'admin' && invited === 'member'),
  withdraw: manages,
  /** The owner removes anyone else, an admin only members; nobody removes themselves (they leave). */
  remove: (role: Actor, member: OrganisationRole, self: boolean) => !self && (role === 'owner' ? member !== 'owner' : role === 'admin' && member === 'member'),
  /** The owner makes a member an admin or an admin a member. */
  setRole: (role: Actor, member: OrganisationRole, self: boolean) => !self && role === 'owner' && member !== 'owner',
  /** The owner hands the organisation over to another member. */
  handOver: (role: Actor, self: boolean) => !self && role === 'owner',
  /** Anyone but its owner, who hands it over first. */
  leave: (role: Actor) => role === 'admin' || role === 'member',
  /** Sees every license with its seat, assigns seats, releases a lost machine's, adds own licenses. */
  manageSeats: manages,
} as const;

/** What the server answers for a refused act. */
export const organisationMessages = {
  notFound: 'No such organisation, or you are not a member of it',
  notAllowed: 'Your role in this organisation does not allow this',
  ownerLeaves: 'You own this organisation: hand it over to another member before you leave',
  invitationGone: 'This invitation was withdrawn, answered or sent to another email address',
  invitationEnded: 'This invitation has ended: ask for a new one',
  alreadyMember: 'This person is a member already',
  alreadyInvited: 'This email address has been invited already',
  full: 'This organisation has as many members and invitations as it may have',
  notMember: 'This person is not a member of the organisation',
  changed: 'The organisation changed meanwhile: try again',
  notItsLicense: 'This license is not one of the organisation\'s',
  seatFree: 'No machine holds this license\'s seat',
  addOwnLicense: 'Only a license you own can be added to an organisation',
  inOrganisation: 'This license belongs to an organisation already',
  onDongle: 'A license on a dongle has no seat to manage: it cannot be added to an organisation',
} as const;
