import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';
import { productSchema } from './product';
import { caseSchema } from './case';
import { auditListColumns } from '../lists/admin-lists';
import { csvExportSchema } from '../lists/admin-list-params';
import { listOrderParams, listParams } from '../lists/declare';
import { auditEntrySchema, auditFilters } from '../audit/entries';

export { auditEntrySchema, type AuditEntry } from '../audit/entries';

export const adminSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A change of ownership, as the user detail lists it (move_license now, move_product with products). */
export const userActionSchema = z.object({
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
});
export type UserAction = z.infer<typeof userActionSchema>;

/** A download of the desktop software, as the user detail lists it. */
export const userDownloadSchema = z.object({
  /** Unique, in time order. */
  id: z.string(),
  created: z.string(),
  client_version: z.string(),
  os: z.string(),
  arch: z.string(),
});
export type UserDownload = z.infer<typeof userDownloadSchema>;

/** A user as the admin user detail shows it. */
export const userInformationSchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  legacy: z.boolean(),
  created: z.string(),
});

/** The `user` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const userAdminContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** The administrators, for assigning cases. */
    get_admins: cmd('admin', {}, z.object({ admins: z.array(adminSummarySchema) })),
    /** A user's detail for admins: who they are, their actions and their downloads, newest first. */
    get_user_information: cmd(
      'admin',
      { user_id: z.int().check(z.positive()) },
      z.object({
        user: userInformationSchema,
        actions: z.array(userActionSchema),
        userDownloads: z.array(userDownloadSchema),
        products: z.array(productSchema),
        /** The user's support cases, last updated first. */
        cases: z.array(caseSchema),
      }),
    ),
    /** Allows a user legacy purchases (their Buy legacy licenses page), or no longer. */
    /** One page of the audit trail (newest first unless asked otherwise), filtered by admin, action and days. */
    get_audit_entries: cmd(
      'admin',
      { ...listParams(auditListColumns), limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))), ...auditFilters },
      z.object({ entries: z.array(auditEntrySchema), count: z.int() }),
    ),
    /** The filtered audit trail as a CSV file, served at /umdata/{filename} for time_alive seconds. */
    get_audit_csv: cmd('admin', { ...listOrderParams(auditListColumns), ...auditFilters }, csvExportSchema),
    set_user_legacy: cmd('admin', { user_id: z.int().check(z.positive()), legacy: z.boolean() }, z.object({ user_id: z.int(), legacy: z.boolean() })),
  },
});
