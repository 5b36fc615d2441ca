import * as z from 'zod/mini';
import { eulaVersionSchema, releaseVersionSchema, SOFTWARE_ARCH, SOFTWARE_OS } from '../downloads/releases';
import { IV_CURVE_UPLOAD_TYPES, MAX_IV_CURVE_BYTES, ivCurveMessages } from '../iv-curves/iv-curves';
import { ivCurveListColumns } from '../lists/admin-lists';
import { listParams } from '../lists/declare';
import { companySchema, firstNameSchema, lastNameSchema } from '../validation';
import { notOfferedMessages } from '../api';
import { recipientEmailSchema } from '../forms/recipient';
import { cmd, defineEndpoint, formBoolean, formInt, uploadCmd } from './define';

export const userProfileSchema = () => z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  beta_access: z.boolean(),
  legacy: z.boolean(),
  /** Beyond the spec: whether the user is mailed 30, 7 and 1 days before a license ends. */
  expiry_notices: z.boolean(),
});
export type UserProfile = z.infer<ReturnType<typeof userProfileSchema>>;

export const deletionRequestSchema = () => z.object({
  /** When the request was stored (ISO 8601). */
  requested: z.string(),
  /** The latest moment the account will be gone: two working days after the request (ISO 8601). */
  delete_by: z.string(),
});
export type DeletionRequest = z.infer<ReturnType<typeof deletionRequestSchema>>;

/** A pending deletion as its user sees it: whether an administrator asked for it (only they may withdraw it). */
export const pendingDeletionSchema = () => z.extend(deletionRequestSchema(), { by_admin: z.boolean() });
export type PendingDeletion = z.infer<ReturnType<typeof pendingDeletionSchema>>;

/** The profile form's params: names required, company optional (left out, it keeps its value). */
export const updateUserProfileParams = () => ({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  company: z.optional(companySchema),
  /** Left out, it keeps its value. */
  expiry_notices: z.optional(z.boolean()),
});

/** A download of the desktop software: the release version and the package's OS and architecture. */
export const addUserDownloadParams = () => ({
  client_version: releaseVersionSchema,
  os: z.enum(SOFTWARE_OS),
  arch: z.enum(SOFTWARE_ARCH),
  /** Beyond the spec's params: the version of the EULA the page showed and the caller accepted. */
  eula_version: z.optional(eulaVersionSchema),
});

/** A release's EULA, accepted by the caller. */
export const eulaAcceptanceSchema = () => z.object({
  /** The release version (named as in add_user_download: `version` is the API version of every body). */
  client_version: z.string(),
  /** The version of the EULA's text accepted (absent: accepted before EULA versions were recorded). */
  eula_version: z.optional(z.string()),
  /** When it was first accepted (ISO 8601). */
  accepted: z.string(),
});
export type EulaAcceptance = z.infer<ReturnType<typeof eulaAcceptanceSchema>>;

/** An IV curve as the IV Curves table lists it (with the owner's email for the User column). */
export const ivCurveSchema = () => z.object({
  id: z.int(),
  /** The registered product the curve belongs to, if its uploader named one. */
  product_id: z.nullable(z.int()),
  /**
   * That product as My products names it (its kind and uid): for an admin on every curve, for others
   * on their own products; null without one.
   */
  product: z.nullable(z.object({ product_id: z.string(), uid: z.string() })),
  /** 1 when uploaded; each update adds one. */
  version: z.int(),
  created: z.string(),
  updated: z.string(),
  user_id: z.int(),
  /** The owner's email: for an admin on every curve, for others on their own (null on another's public curve). */
  user: z.nullable(z.string()),
  public: z.boolean(),
  manufacturer: z.string(),
  model: z.string(),
  /** The unit of the current values (A, mA, uA, nA); voltages are in volts. */
  unit: z.string(),
  /** The name its file is downloaded under: `{id}-v{version}.csv`. */
  filename: z.string(),
  /** How many (voltage, current) points the file holds. */
  points: z.int(),
  /** The caller may update and delete it: the owner, or an admin. */
  can_update: z.boolean(),
});
export type IvCurve = z.infer<ReturnType<typeof ivCurveSchema>>;

/**
 * upload_iv_curve's form fields besides the file: `new`, or `update` with the `id` of the curve to
 * replace; a product id; `public` only from an admin (others' curves are private).
 */
export const uploadIvCurveParams = () => ({
  upload_type: z.enum(IV_CURVE_UPLOAD_TYPES),
  id: z.optional(formInt()),
  product_id: z.optional(formInt()),
  public: z.optional(formBoolean()),
});

/**
 * The `user` endpoint's cmds for every signed-in user: profile and account. Its admin cmds are in
 * user.admin.ts, so a customer's chunks never carry them.
 */
export const userContract = defineEndpoint({
  path: 'user',
  // The spec's sign-up cmd and its unauthenticated newsletter endpoint are answered with where to go (decision 036).
  notOfferedCmds: { register_user: notOfferedMessages.registerUser },
  notOfferedEndpoints: { mailchimp: notOfferedMessages.mailchimp },
  cmds: {
    get_user_profile: cmd('user', () => ({}), userProfileSchema),
    /**
     * Beyond the spec: names the user with id `user_id` when `email` is theirs (any case), else one refusal
     * for every other case (no such id, another's email, a deleted account). The Move and Share forms ask
     * it before their confirm, which names the recipient: a slip in the id never reaches a stranger, and
     * only someone who knows both learns the name. A customer's checks are counted per day.
     */
    check_recipient: cmd('user', () => ({ user_id: z.int().check(z.positive()), email: recipientEmailSchema }), () => z.object({ user_id: z.int(), name: z.string() }), { limits: ['checkRecipientEmail', 'checkRecipient'] }),
    update_user_profile: cmd('user', updateUserProfileParams, userProfileSchema),
    /**
     * Asks for the account's deletion; a daily job deletes it within two working days. Without user_id
     * the caller's own account; another user's only for an admin. Asking again changes nothing.
     */
    delete_user_account: cmd('user', () => ({ user_id: z.optional(z.int().check(z.positive())) }), deletionRequestSchema, { audit: 'some' }),
    /** The caller's pending deletion request (null when none is pending): the Delete account page shows it. */
    get_account_deletion: cmd('user', () => ({}), () => z.object({ request: z.nullable(pendingDeletionSchema()) })),
    /**
     * Withdraws a pending deletion request, possible until the deletion job starts on it (refused after,
     * and when none is pending). Without user_id the caller's own; another user's only for an admin, and a
     * request an admin made only by an admin. Answers when it was withdrawn (ISO 8601).
     */
    withdraw_account_deletion: cmd('user', () => ({ user_id: z.optional(z.int().check(z.positive())) }), () => z.object({ withdrawn: z.string() }), { limits: ['withdrawDeletion'], audit: 'some' }),
    /**
     * Ends the caller's session: the API refuses the tokens of this sign-in from now on (the SPA also
     * revokes the refresh token with Cognito).
     */
    sign_out: cmd('user', () => ({}), () => z.object({ signed_out: z.boolean() })),
    /** Records a download from the download page (the admin's user detail lists them; the page ignores a failure). */
    add_user_download: cmd('user', addUserDownloadParams, () => z.object({ id: z.string(), created: z.string() }), { limits: ['recordDownload'] }),
    /**
     * Records that the caller accepted the EULA of a release version, in the EULA version the page showed
     * (`eula_version`, the one versions.json names first); accepting the same again keeps the first time.
     */
    accept_eula: cmd('user', () => ({ client_version: releaseVersionSchema, eula_version: z.optional(eulaVersionSchema) }), eulaAcceptanceSchema, { limits: ['acceptEula'] }),
    /** The release and EULA versions the caller accepted (the download page ticks the box for them). */
    get_eula_acceptances: cmd('user', () => ({}), () => z.object({ acceptances: z.array(eulaAcceptanceSchema()) })),
    /**
     * The IV curves the caller may see, newest first unless asked otherwise: the public ones and their own
     * (an admin: all), how many there are (`count`, on every page), and whether the caller may make curves
     * public (admins). The cmd first took no params: without `limit` the answer holds the first 1000;
     * with `limit` and `page` it is that page (the SPA asks 20 a page).
     */
    get_iv_curves: cmd(
      'user',
      () => listParams(ivCurveListColumns),
      () => z.object({ curves: z.array(ivCurveSchema()), count: z.int(), can_publish: z.boolean() }),
      { list: ivCurveListColumns },
    ),
    /**
     * Uploads a curve file (multipart; the format is in docs/files.md, "IV curve files"): a new curve, or the
     * next version of one the caller may change. Its fields are read from the file; a file that is too
     * large, empty or not a curve is refused and nothing is stored.
     */
    upload_iv_curve: uploadCmd('user', { maxBytes: MAX_IV_CURVE_BYTES }, uploadIvCurveParams, ivCurveSchema, (params) => {
      if (params.upload_type === 'update' && params.id === undefined) return { param: 'id', message: ivCurveMessages.idForUpdate };
      if (params.upload_type === 'new' && params.id !== undefined) return { param: 'id', message: ivCurveMessages.idOnlyForUpdate };
      return null;
    }, { limits: ['uploadIvCurve'], audit: 'some' }),
    /** Deletes a curve and its file: its owner, or an admin. */
    delete_iv_curve: cmd('user', () => ({ id: z.int().check(z.positive()) }), () => z.object({ id: z.int() }), { audit: 'some' }),
    /** A curve's file as uploaded (UTF-8 text), for a curve the caller may see, named `{id}-v{version}.csv`. */
    get_iv_curve_file: cmd(
      'user',
      () => ({ id: z.int().check(z.positive()) }),
      () => z.object({ id: z.int(), version: z.int(), filename: z.string(), content: z.string() }),
    ),
  },
});
