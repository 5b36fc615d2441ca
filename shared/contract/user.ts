import * as z from 'zod/mini';
import { companySchema, firstNameSchema, lastNameSchema } from '../validation';
import { cmd, defineEndpoint } from './define';

export const userProfileSchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  beta_access: z.boolean(),
  legacy: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const deletionRequestSchema = z.object({
  /** When the request was stored (ISO 8601). */
  requested: z.string(),
  /** The latest moment the account will be gone: two working days after the request (ISO 8601). */
  delete_by: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** The profile form's params: names required, company optional (left out, it keeps its value). */
export const updateUserProfileParams = {
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  company: z.optional(companySchema),
};

/**
 * The `user` endpoint's cmds for every signed-in user: profile and account. Its admin cmds are in
 * user.admin.ts, so a customer's chunks never carry them.
 */
export const userContract = defineEndpoint({
  path: 'user',
  cmds: {
    get_user_profile: cmd('user', {}, userProfileSchema),
    update_user_profile: cmd('user', updateUserProfileParams, userProfileSchema),
    /**
     * Asks for the account's deletion; a daily job deletes it within two working days. Without user_id
     * the caller's own account; another user's only for an admin. Asking again changes nothing.
     */
    delete_user_account: cmd('user', { user_id: z.optional(z.int().check(z.positive())) }, deletionRequestSchema),
    /**
     * Ends the caller's session: the API refuses the tokens of this sign-in from now on (the SPA also
     * revokes the refresh token with Cognito).
     */
    sign_out: cmd('user', {}, z.object({ signed_out: z.boolean() })),
  },
});
