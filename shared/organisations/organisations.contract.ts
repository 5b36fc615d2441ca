import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';
import type { AttemptLimitPolicy } from '../contract/limits';
import { isValidEmail } from '../validation';
import {
  INVITED_ROLES,
  MAX_INVITATIONS_PER_DAY,
  MAX_ORGANISATION_CHANGES_PER_DAY,
  MAX_ORGANISATIONS_PER_DAY,
  ORGANISATION_NAME_MAX,
  ORGANISATION_ROLES,
} from './organisations';

export * from './organisations';

/** A limit of the feature's own, of accepted calls a day (a refused call gives its attempt back). */
const perDay = (action: string, max: number, message: string): AttemptLimitPolicy => ({ action, max, windowSeconds: 24 * 3600, counts: 'accepted', message });
// Declared beside the cmds that take them (only this feature's cmds do).
const createOrganisationLimit = perDay('create-organisation', MAX_ORGANISATIONS_PER_DAY, `You have created ${MAX_ORGANISATIONS_PER_DAY} organisations today: try again tomorrow`);
const inviteLimit = perDay('invite-member', MAX_INVITATIONS_PER_DAY, `You have sent ${MAX_INVITATIONS_PER_DAY} invitations today: try again tomorrow`);
/** Changes to organisations: names, roles, members, owners and seats (organisation-seats.contract.ts). */
export const changeLimit = perDay('change-organisation', MAX_ORGANISATION_CHANGES_PER_DAY, `You have made ${MAX_ORGANISATION_CHANGES_PER_DAY} changes to organisations today: try again tomorrow`);

export const organisationNameSchema = () => z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(ORGANISATION_NAME_MAX));
const organisationId = () => z.int().check(z.positive());
const userId = () => z.int().check(z.positive());
/** One email address, as invitations are sent to it (compared in any case). */
export const inviteeEmailSchema = () =>
  z.string().check(z.trim(), z.maxLength(254), z.refine((value) => !/[;,]/.test(value) && isValidEmail(value), 'Enter one email address'));
/** An invitation's id: random, unguessable (it is in the mailed link). */
const invitationId = () => z.string().check(z.regex(/^[\w-]{16,64}$/, 'Unknown invitation'));

/** An organisation the caller belongs to, with their role in it. */
export const membershipSchema = () =>
  z.object({ organisation_id: z.int(), name: z.string(), role: z.enum(ORGANISATION_ROLES), members: z.int(), owner: z.string(), joined: z.string() });
export type Membership = z.infer<ReturnType<typeof membershipSchema>>;

/** An invitation to the caller's email address, not answered yet. */
export const receivedInvitationSchema = () =>
  z.object({
    id: z.string(),
    organisation_id: z.int(),
    organisation_name: z.string(),
    role: z.enum(INVITED_ROLES),
    /** Who invited: their name, or their email when they gave none. */
    invited_by: z.string(),
    expires: z.string(),
  });
export type ReceivedInvitation = z.infer<ReturnType<typeof receivedInvitationSchema>>;

/** A member as their organisation shows them: the email only to its owner and admins (and the portal's). */
export const memberSchema = () =>
  z.object({
    user_id: z.int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.optional(z.string()),
    role: z.enum(ORGANISATION_ROLES),
    joined: z.string(),
  });
export type Member = z.infer<ReturnType<typeof memberSchema>>;

/** An invitation an organisation has sent, not answered yet (its owner and admins see them). */
export const sentInvitationSchema = () =>
  z.object({ id: z.string(), email: z.string(), role: z.enum(INVITED_ROLES), invited_by: z.string(), created: z.string(), expires: z.string() });
export type SentInvitation = z.infer<ReturnType<typeof sentInvitationSchema>>;

/** An organisation as its members (and the portal's admins) see it. */
export const organisationSchema = () =>
  z.object({
    id: z.int(),
    name: z.string(),
    owner_id: z.int(),
    /** The caller's role in it; null for a portal admin who is not a member. */
    role: z.nullable(z.enum(ORGANISATION_ROLES)),
    created: z.string(),
    members: z.array(memberSchema()),
    /** Its pending invitations: to its owner and admins (and the portal's); empty for a member. */
    invitations: z.array(sentInvitationSchema()),
    /** How many members the search finds (all of them without one). */
    member_count: z.optional(z.int()),
  });
export type Organisation = z.infer<ReturnType<typeof organisationSchema>>;

const done = () => z.object({ organisation_id: z.int() });

/**
 * The organisations feature's cmds for every signed-in user, served by the `user` endpoint (its admin
 * cmds are in organisations.admin.ts, so a customer's chunks never carry them). Who may call each on an
 * organisation is read from the caller's membership: its owner, its admins, or any member; a portal admin
 * may read any organisation. Every change is audited.
 */
export const organisationsContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** A new organisation, its creator its owner (a few a day). */
    create_organisation: cmd('user', () => ({ name: organisationNameSchema() }), () => z.object({ id: z.int(), name: z.string() }), {
      limits: [createOrganisationLimit],
      audit: true,
    }),
    /** The organisations the caller belongs to, and the invitations to their email not answered yet. */
    get_my_organisations: cmd('user', () => ({}), () =>
      z.object({ organisations: z.array(membershipSchema()), invitations: z.array(receivedInvitationSchema()) }),
    ),
    /**
     * An organisation with its members (and, to its owner and admins, its pending invitations). With
     * `page`, one page of its members (ORGANISATION_MEMBERS_PAGE_SIZE, by role then name; `search` finds
     * text in a name) and `member_count`; without, every member.
     */
    get_organisation: cmd(
      'user',
      () => ({ organisation_id: organisationId(), page: z.optional(z.int().check(z.positive())), search: z.optional(z.string().check(z.trim(), z.maxLength(100))) }),
      organisationSchema,
    ),
    /** Renames it (its owner or an admin). */
    rename_organisation: cmd('user', () => ({ organisation_id: organisationId(), name: organisationNameSchema() }), () => z.object({ id: z.int(), name: z.string() }), {
      limits: [changeLimit],
      audit: true,
    }),
    /**
     * Invites an email address (mailed a link that works for INVITATION_DAYS): its owner invites admins or
     * members, an admin members. Refused when the address is a member or invited already, or the
     * organisation is full (MAX_MEMBERS_PER_ORGANISATION, its pending invitations counted).
     */
    invite_member: cmd(
      'user',
      () => ({ organisation_id: organisationId(), email: inviteeEmailSchema(), role: z.enum(INVITED_ROLES) }),
      sentInvitationSchema,
      { limits: [inviteLimit], audit: true },
    ),
    /** Withdraws a pending invitation (its owner or an admin): its link stops working at once. */
    withdraw_invitation: cmd('user', () => ({ organisation_id: organisationId(), invitation_id: invitationId() }), done, { audit: true }),
    /** Accepts an invitation to the caller's email address: once, before it ends. */
    accept_invitation: cmd('user', () => ({ invitation_id: invitationId() }), membershipSchema, { audit: true }),
    /** Declines an invitation to the caller's email address. */
    decline_invitation: cmd('user', () => ({ invitation_id: invitationId() }), done, { audit: true }),
    /** Leaves an organisation (its owner hands it over first). */
    leave_organisation: cmd('user', () => ({ organisation_id: organisationId() }), done, { audit: true }),
    /** Removes a member: its owner removes anyone else, an admin only members. */
    remove_member: cmd('user', () => ({ organisation_id: organisationId(), user_id: userId() }), done, { limits: [changeLimit], audit: true }),
    /** Makes a member an admin, or an admin a member (its owner). */
    set_member_role: cmd('user', () => ({ organisation_id: organisationId(), user_id: userId(), role: z.enum(INVITED_ROLES) }), memberSchema, {
      limits: [changeLimit],
      audit: true,
    }),
    /** Hands the organisation over to one of its members (its owner), who becomes its owner; the old owner stays, as an admin. */
    hand_over_organisation: cmd('user', () => ({ organisation_id: organisationId(), user_id: userId() }), done, { limits: [changeLimit], audit: true }),
  },
});
