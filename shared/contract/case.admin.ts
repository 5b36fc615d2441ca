import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';

const id = () => z.int().check(z.positive());

/** The `case` endpoint's admin cmds (case.ts has the customer ones). */
export const caseAdminContract = defineEndpoint({
  path: 'case',
  cmds: {
    /** How many cases there are: in all, open (1, 2, 3), waiting for admin response (1, 3), waiting for user response (2). */
    get_case_statistics: cmd('admin', () => ({}), () => z.object({ total: z.int(), open: z.int(), waiting_for_admin: z.int(), waiting_for_user: z.int() }), { reads: true }),
    /** Assigns a case to an administrator; an empty `user_id` (null, "" or none) clears the assignment. */
    assign_case: cmd(
      'admin',
      () => ({ case_id: id(), user_id: z.optional(z.union([z.null(), z.literal(''), id()])) }),
      () => z.object({ case_id: z.int(), assigned_to: z.nullable(z.int()) }),
      { audit: true },
    ),
  },
});
