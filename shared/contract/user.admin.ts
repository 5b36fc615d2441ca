import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';
import { productSchema } from './rows/product';
import { caseSchema } from './rows/case';
import { LICENSE_TYPE_IDS } from '../licenses/catalog';
import { csvExportSchema } from '../lists/admin-list-params';
import { auditListColumns, userListColumns } from '../lists/admin-lists';
import { listOrderParams, listParams } from '../lists/declare';
import { auditEntrySchema, auditFilters, personEmailSchema } from '../audit/entries';
import { adminLicenseRowSchema } from './rows/license';
import { ORGANISATION_ROLES } from '../organisations/organisations.contract';

export { auditEntrySchema, type AuditEntry } from '../audit/entries';

export const adminSummarySchema = () => z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A change of ownership, as the user detail lists it (move_license now, move_product with products). */
export const userActionSchema = () => z.object({
  /** Unique, in time order. */
  id: z.string(),
  created: z.string(),
  action: z.string(),
  license_id: z.nullable(z.int()),
  product_id: z.nullable(z.int()),
  from_user_id: z.int(),
  to_user_id: z.int(),
  /** Who made the change: the owner, or an admin. */
  by_user_id: z.int(),
  /** The three users' emails (null for a user who is gone). */
  from_user_email: z.optional(z.nullable(z.string())),
  to_user_email: z.optional(z.nullable(z.string())),
  by_user_email: z.optional(z.nullable(z.string())),
  /** For an audited call: its `endpoint/cmd`, what it was done to (`license#12` …), and the changed values as JSON. */
  cmd: z.optional(z.nullable(z.string())),
  target: z.optional(z.nullable(z.string())),
  before: z.optional(z.nullable(z.string())),
  after: z.optional(z.nullable(z.string())),
  /** The users its values name, with their emails (as an audit entry's `people`). */
  people: z.optional(z.array(personEmailSchema)),
});
export type UserAction = z.infer<ReturnType<typeof userActionSchema>>;

/** A download of the desktop software, as the user detail lists it. */
export const userDownloadSchema = () => z.object({
  /** Unique, in time order. */
  id: z.string(),
  created: z.string(),
  client_version: z.string(),
  os: z.string(),
  arch: z.string(),
  /** The EULA version accepted for the download (absent: a download recorded before they were). */
  eula_version: z.optional(z.string()),
});
export type UserDownload = z.infer<ReturnType<typeof userDownloadSchema>>;

/**
 * How many of a user's downloads and actions their User information holds, the newest: both grow with
 * what the user does, and the answer stays small whatever they do (the audit trail has every action).
 */
export const USER_DETAIL_ROWS = 100;

/**
 * The User information an admin reads of a user (the user detail, the read-only user info dialog), by
 * the names a client of the portal's API knows them: who they are, their licenses (as the admin license
 * rows show them), support cases, registered products, downloads and actions. `username` and `created`
 * are additions beside them.
 */
export const userInformationSchema = () => z.object({
  user_id: z.int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  email: z.string(),
  /** Allowed legacy purchases. */
  legacy: z.boolean(),
  /** Every license they own, expired ones too, newest first. */
  licenses: z.array(adminLicenseRowSchema()),
  /** Their support cases, last updated first. */
  cases: z.array(caseSchema()),
  /** Their registered products, newest first. */
  products: z.array(productSchema()),
  /** Their newest downloads of the desktop software (at most USER_DETAIL_ROWS), newest first. */
  userDownloads: z.array(userDownloadSchema()),
  /** Their newest actions (at most USER_DETAIL_ROWS): changes of their belongings, moves and shares, newest first. */
  userActions: z.array(userActionSchema()),
  /** Beyond the spec: the organisations they belong to, with their role, by name. */
  organisations: z.array(z.object({ organisation_id: z.int(), name: z.string(), role: z.enum(ORGANISATION_ROLES), joined: z.string() })),
  username: z.string(),
  created: z.string(),
});
export type UserInformation = z.infer<ReturnType<typeof userInformationSchema>>;

/**
 * A user as the admin users list shows it. `last_active` is the day of the user's last signed-in call
 * (kept at most once a day; null: none since it was kept). The counts: `arc`, `ace` registered units of
 * that product, `pro`, `automation`, `battery` licenses of that type the user owns.
 */
export const userListRowSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  last_active: z.nullable(z.string()),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  arc: z.int(),
  ace: z.int(),
  pro: z.int(),
  automation: z.int(),
  battery: z.int(),
});
export type UserListRow = z.infer<ReturnType<typeof userListRowSchema>>;
export const USER_ORDER_COLUMNS = userListColumns.orderBy;
export type UserOrderColumn = (typeof USER_ORDER_COLUMNS)[number];
/** Keeps users who own a license of the type; '' or null: every user. */
const licenseTypeFilter = () => z.optional(z.nullable(z.union([z.literal(''), z.enum(LICENSE_TYPE_IDS)])));

/** Admin users: 100 a page, lowest id first. */
export const USERS_PAGE_SIZE = userListColumns.pageSize;

/** The `user` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const userAdminContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** The administrators, for assigning cases. */
    get_admins: cmd('admin', () => ({}), () => z.object({ admins: z.array(adminSummarySchema()) }), { reads: true }),
    /** A user's User information for admins: who they are and what each domain keeps of them. */
    get_user_information: cmd('admin', () => ({ user_id: z.int().check(z.positive()) }), userInformationSchema, { reads: true }),
    /**
     * One page of the users, lowest id first unless asked otherwise; `search` finds an id, or text in the
     * email, name or company; `license_type` keeps users who own a license of that type ('' or null: all).
     */
    get_users: cmd(
      'admin',
      () => ({ ...listParams(userListColumns), license_type: licenseTypeFilter() }),
      () => z.object({ users: z.array(userListRowSchema()), count: z.int() }),
      { reads: true, list: userListColumns },
    ),
    /**
     * The searched list in its order as a CSV file, served at /umdata/{filename} for `time_alive` seconds;
     * `license_type` (beyond the spec's params) exports what the filtered screen shows.
     */
    get_users_csv: cmd('admin', () => ({ ...listOrderParams(userListColumns), license_type: licenseTypeFilter() }), () => csvExportSchema, { reads: true, list: userListColumns }),
    /** How many users there are and how many of them accepted the newsletter, from counters. */
    get_user_statistics: cmd('admin', () => ({}), () => z.object({ user_count: z.int(), newsletter_count: z.int() }), { reads: true }),
    /** Allows a user legacy purchases (their Buy legacy licenses page), or no longer. */
    /** One page of the audit trail (newest first unless asked otherwise), filtered by admin, action and days. */
    get_audit_entries: cmd(
      'admin',
      () => ({ ...listParams(auditListColumns), limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))), ...auditFilters }),
      () => z.object({ entries: z.array(auditEntrySchema), count: z.int() }),
      { reads: true, list: auditListColumns },
    ),
    /** The filtered audit trail as a CSV file, served at /umdata/{filename} for time_alive seconds. */
    get_audit_csv: cmd('admin', () => ({ ...listOrderParams(auditListColumns), ...auditFilters }), () => csvExportSchema, { reads: true, list: auditListColumns }),
    set_user_legacy: cmd('admin', () => ({ user_id: z.int().check(z.positive()), legacy: z.boolean() }), () => z.object({ user_id: z.int(), legacy: z.boolean() }), { audit: true }),
  },
});
