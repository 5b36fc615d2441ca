import * as z from 'zod/mini';
import { cmd, defineEndpoint } from './define';

export const adminSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** The `user` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const userAdminContract = defineEndpoint({
  path: 'user',
  cmds: {
    /** The administrators, for assigning cases. */
    get_admins: cmd('admin', {}, z.object({ admins: z.array(adminSummarySchema) })),
    /** Allows a user legacy purchases (their Buy legacy licenses page), or no longer. */
    set_user_legacy: cmd('admin', { user_id: z.int().check(z.positive()), legacy: z.boolean() }, z.object({ user_id: z.int(), legacy: z.boolean() })),
  },
});
