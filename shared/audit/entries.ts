import * as z from 'zod/mini';
import { isoDateSchema } from '../licenses/dates';

/** A user an entry names, as an admin reads them: the id and the email (null for a user gone). */
export const personEmailSchema = z.object({ id: z.int(), email: z.nullable(z.string()) });
export type PersonEmail = z.infer<typeof personEmailSchema>;

/** An entry of the admin audit trail, as the /audit page and a license's History list it. */
export const auditEntrySchema = z.object({
  id: z.int(),
  /** When (ISO time). */
  at: z.string(),
  /** The cmd's name (`update_license` …), or `move_license`, `release_license` … */
  action: z.string(),
  /** `endpoint/cmd` of the call. */
  cmd: z.nullable(z.string()),
  by_user_id: z.int(),
  by_user_email: z.nullable(z.string()),
  /** What it was done to: `license#12`, `user#5`, `case#3` … */
  target: z.nullable(z.string()),
  license_id: z.nullable(z.int()),
  /** The users whose trail holds it. */
  user_ids: z.array(z.int()),
  /** The changed values before and after, as JSON objects (null: none). */
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
  request_id: z.nullable(z.string()),
  /**
   * The users its values name (owners, whom a license was shared with: namedUserIds) with their emails
   * (null for a user gone), so the screens say them in words by name.
   */
  people: z.optional(z.array(personEmailSchema)),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The audit list's filters: the acting admin, the action, days from and to (both included). */
export const auditFilters = {
  by_user_id: z.optional(z.nullable(z.int().check(z.positive()))),
  action: z.optional(z.nullable(z.string().check(z.maxLength(80)))),
  from: z.optional(z.nullable(z.union([z.literal(''), isoDateSchema]))),
  to: z.optional(z.nullable(z.union([z.literal(''), isoDateSchema]))),
};

