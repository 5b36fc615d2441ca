import { organisationMessages } from '../../../../shared/organisations/organisation-roles';
import { INVITATION_DAYS, type OrganisationRole } from '../../../../shared/organisations/organisations.contract';
import type { ConfirmOptions } from '../../components/confirm';
import { formatDateTime } from '../../lib/dates';

/** A role as the screens name it. */
export const roleNames: Record<OrganisationRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** What the organisation screens say. */
export const organisationTexts = {
  noOrganisations: 'You belong to no organisation yet. Create one for your team, or accept an invitation.',
  noInvitations: 'No invitations waiting for you.',
  myOrganisations: 'Your organisations',
  invitations: 'Invitations to you',
  create: 'Create organisation',
  created: (name: string) => `Organisation ${name} created`,
  accepted: (name: string, role: OrganisationRole) => `You joined ${name} as ${roleNames[role].toLowerCase()}`,
  declined: (name: string) => `Invitation to ${name} declined`,
  acceptLabel: (name: string) => `Accept the invitation to ${name}`,
  declineLabel: (name: string) => `Decline the invitation to ${name}`,
  openedInvitation: 'The invitation from your link is marked below.',
  invitationGone: `The invitation from your link is not open any more: it was answered or withdrawn, its ${INVITATION_DAYS} days ended, or it was sent to another email address than yours.`,
  members: 'Members',
  searchMembers: 'Search members',
  searchMembersPlaceholder: 'Name',
  noMemberMatch: 'No members match the search.',
  noMembers: 'No members.',
  pendingInvitations: 'Pending invitations',
  noPendingInvitations: 'No invitations waiting for an answer.',
  you: (name: string) => `${name} (you)`,
  memberCount: (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`,
  invite: 'Invite',
  inviteTitle: 'Invite a member',
  invited: (email: string) => `Invitation sent to ${email}: its link works for ${INVITATION_DAYS} days`,
  withdrawn: (email: string) => `Invitation to ${email} withdrawn`,
  withdrawLabel: (email: string) => `Withdraw the invitation to ${email}`,
  rename: 'Rename',
  renameTitle: 'Rename organisation',
  renamed: (name: string) => `Organisation renamed ${name}`,
  removeLabel: (name: string) => `Remove ${name}`,
  removed: (name: string) => `${name} removed`,
  roleLabel: (name: string, role: OrganisationRole) => `Make ${roleNames[role].toLowerCase()}: ${name}`,
  roleChanged: (name: string, role: OrganisationRole) => `${name} is now ${roleNames[role].toLowerCase()}`,
  handOverLabel: (name: string) => `Hand over to ${name}`,
  handedOver: (name: string) => `${name} is now the owner; you stay as an admin`,
  leave: 'Leave organisation',
  left: (name: string) => `You left ${name}`,
  /** The server's own words for an owner who tries to leave. */
  ownerCannotLeave: organisationMessages.ownerLeaves,
  portalAdminView: 'You are not a member: you see this organisation as a portal admin.',
  backToMine: 'Back to your organisations',
  backToAll: 'Back to all organisations',
  noSuchOrganisation: 'There is no such organisation.',
} as const;

/** The questions asked before what cannot be taken back. */
export const organisationQuestions = {
  remove: (name: string, organisation: string): ConfirmOptions => ({
    title: `Remove ${name} from ${organisation}?`,
    message: 'They lose the organisation and its seats at once; to come back they need a new invitation.',
    confirmLabel: 'Remove member',
  }),
  handOver: (name: string, organisation: string): ConfirmOptions => ({
    title: `Hand ${organisation} over to ${name}?`,
    message: 'They become its owner; you stay as an admin and cannot take it back yourself.',
    confirmLabel: 'Hand over',
  }),
  leave: (organisation: string): ConfirmOptions => ({
    title: `Leave ${organisation}?`,
    message: 'You lose the organisation and its seats at once; to come back you need a new invitation.',
    confirmLabel: 'Leave organisation',
  }),
};


/** The machine a seat's texts name: its host name, else "The machine". */
const machineName = (hostname: string | null) => hostname ?? 'The machine';

/** What the organisation's Licenses section says (its owner and admins, and the portal's admins, see it). */
export const seatTexts = {
  licenses: 'Licenses',
  searchLicenses: 'Search licenses',
  searchPlaceholder: 'License id, type, person or machine',
  count: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'license' : 'licenses'}`,
  noMatch: 'No licenses match the search.',
  none: 'No licenses in this organisation yet: its owner and admins add licenses they own from Licenses.',
  /** A seat left to the pool: any member may take it. */
  pool: 'Pool (any member)',
  free: 'Free',
  /** A floating license: how many of its seats machines use now; Licenses → Seats names them. */
  floating: (seats: number, inUse: number) => `${seats} seats (floating), ${inUse} in use`,
  /** A holder who is no longer a member: their seat is free for the others once their lease ends. */
  leftOrganisation: 'left the organisation',
  since: (hostname: string | null, since: string | null) => `${machineName(hostname)}${since ? ` since ${formatDateTime(since)}` : ''}`,
  leaseEnds: (leaseEnd: string) => `lease ends ${formatDateTime(leaseEnd)}`,
  assign: 'Assign',
  assignLabel: (licenseId: number) => `Assign license ${licenseId}`,
  assignTitle: (licenseId: number) => `Assign license ${licenseId}`,
  assignField: 'Seat for',
  /** Assigning the seat to another member than the one whose machine holds it frees it. */
  assignFrees: (holder: string, hostname: string | null, leaseEnd: string | null) =>
    `${holder}'s seat is freed: ${machineName(hostname)} keeps working until its lease ends${leaseEnd ? ` on ${formatDateTime(leaseEnd)}` : ''}; it will not be renewed.`,
  assigned: (licenseId: number, member: string | null) => (member ? `License ${licenseId} assigned to ${member}` : `License ${licenseId} left to the pool (any member)`),
  release: 'Release seat',
  releaseLabel: (licenseId: number) => `Release seat of license ${licenseId}`,
  released: (licenseId: number) => `Seat of license ${licenseId} released`,
} as const;

/** What is asked before a seat is taken from the machine that holds it. */
export const seatQuestions = {
  /** The old machine is not stopped: it works on its signed lease, which is never renewed. */
  release: (licenseId: number, hostname: string | null, leaseEnd: string | null): ConfirmOptions => ({
    title: `Release the seat of license ${licenseId}?`,
    message: `The seat is free at once. ${machineName(hostname)} keeps working until its lease ends${leaseEnd ? ` on ${formatDateTime(leaseEnd)}` : ''}; it will not be renewed.`,
    confirmLabel: 'Release seat',
  }),
};
