import * as z from 'zod/mini';
import { releaseVersionSchema, SOFTWARE_ARCH, SOFTWARE_OS } from '../downloads/releases';
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

/** A download of the desktop software: the release version and the package's OS and architecture. */
export const addUserDownloadParams = {
  client_version: releaseVersionSchema,
  os: z.enum(SOFTWARE_OS),
  arch: z.enum(SOFTWARE_ARCH),
};

/** A release's EULA, accepted by the caller. */
export const eulaAcceptanceSchema = z.object({
  /** The release version (named as in add_user_download: `version` is the API version of every body). */
  client_version: z.string(),
  /** When it was first accepted (ISO 8601). */
  accepted: z.string(),
});
export type EulaAcceptance = z.infer<typeof eulaAcceptanceSchema>;

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
    /** Records a download from the download page (the admin's user detail lists them; the page ignores a failure). */
    add_user_download: cmd('user', addUserDownloadParams, z.object({ id: z.string(), created: z.string() })),
    /** Records that the caller accepted the EULA of a release version; accepting again keeps the first time. */
    accept_eula: cmd('user', { client_version: releaseVersionSchema }, eulaAcceptanceSchema),
    /** The release versions whose EULA the caller accepted (the download page ticks the box for them). */
    get_eula_acceptances: cmd('user', {}, z.object({ acceptances: z.array(eulaAcceptanceSchema) })),
  },
});
