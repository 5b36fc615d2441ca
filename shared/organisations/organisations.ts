/**
 * The organisations feature's numbers and roles, plain (no schema library): the contract, the server's
 * records and the screens read them, and a function that needs only these (the account deletion job)
 * carries nothing more.
 */
import { declareListColumns } from '../lists/declare';

/** The most characters an organisation's name has. */
export const ORGANISATION_NAME_MAX = 100;
/** Organisations a person may create in a day: each is a record the portal keeps after they leave. */
export const MAX_ORGANISATIONS_PER_DAY = 5;
/** Members an organisation may have, its pending invitations counted: a lab's team, with room to spare. */
export const MAX_MEMBERS_PER_ORGANISATION = 1000;
/** Invitations one person may send in a day: each one mails an address the portal does not know yet. */
export const MAX_INVITATIONS_PER_DAY = 50;
/** Changes to organisations (names, roles, members, owners) one person may make in a day: each one is audited. */
export const MAX_ORGANISATION_CHANGES_PER_DAY = 200;
/** How long an invitation's link works: then it ends unanswered. */
export const INVITATION_DAYS = 7;

/** An organisation's members on its screen: 20 a page (as the portal's lists), by role then name. */
export const ORGANISATION_MEMBERS_PAGE_SIZE = 20;
/** An organisation's licenses on its seats screen: 20 a page, newest first. */
export const ORGANISATION_LICENSES_PAGE_SIZE = 20;

/** Roles in an organisation: its one owner, admins (who manage members and seats) and members (who use seats). */
export const ORGANISATION_ROLES = ['owner', 'admin', 'member'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
/** The roles an invitation or a role change gives: ownership is only handed over. */
export const INVITED_ROLES = ['admin', 'member'] as const;

/** The admins' organisations list: 20 a page, newest first. */
export const organisationListColumns = declareListColumns({
  kind: 'organisations',
  orderBy: ['id', 'created', 'name', 'owner', 'members'],
  defaultOrder: { orderBy: 'created', descending: true },
  pageSize: 20,
});
