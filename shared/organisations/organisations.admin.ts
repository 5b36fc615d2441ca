import * as z from 'zod/mini';
import { cmd, defineEndpoint } from '../contract/define';
import { auditEntrySchema } from '../audit/entries';
import { csvExportSchema } from '../lists/admin-list-params';
import { listOrderParams, listParams } from '../lists/declare';
import { organisationListColumns } from './organisations';

/** An organisation as the admins' list answers it: its owner by id and email, and how many members it has. */
export const organisationRowSchema = () =>
  z.object({ id: z.int(), name: z.string(), owner_id: z.int(), owner: z.string(), members: z.int(), created: z.string() });
export type OrganisationRow = z.infer<ReturnType<typeof organisationRowSchema>>;

/** The organisations feature's admin cmds, served by the `user` endpoint. */
export const organisationsAdminContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** One page of the organisations; `search` finds an id, or text in the name or the owner's email. */
    get_organisations: cmd(
      'admin',
      () => listParams(organisationListColumns),
      () => z.object({ organisations: z.array(organisationRowSchema()), count: z.int() }),
      { reads: true, list: organisationListColumns },
    ),
    /**
     * Names a member the owner (support, or an organisation whose owner's account was deleted with no admin
     * to take it over); a previous owner who is still a member stays, as an admin.
     */
    set_organisation_owner: cmd('admin', () => ({ organisation_id: z.int().check(z.positive()), user_id: z.int().check(z.positive()) }), () => z.object({ organisation_id: z.int() }), {
      audit: true,
    }),
    /**
     * An organisation's history: the audit entries of its members, invitations, owner and seats, newest
     * first, one page of `limit` (20 unless asked, at most 100), and how many there are.
     */
    get_organisation_history: cmd(
      'admin',
      () => ({ organisation_id: z.int().check(z.positive()), limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))), page: z.optional(z.int().check(z.positive())) }),
      () => z.object({ entries: z.array(auditEntrySchema), count: z.int() }),
      { reads: true },
    ),
    /** The searched list in its order as a CSV file. */
    get_organisations_csv: cmd('admin', () => listOrderParams(organisationListColumns), () => csvExportSchema, {
      reads: true,
      list: organisationListColumns,
    }),
  },
});
