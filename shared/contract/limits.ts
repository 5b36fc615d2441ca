import { describeSize } from '../api';
import { CASE_LIMITS, CASE_UPLOAD_BYTES } from '../cases/cases';

/**
 * The API's shared attempt limits, with their messages: how often one user may do something a customer
 * could otherwise call in a loop (guess a code, probe uids, pile up records, send mail). A cmd names the
 * limits it takes in its contract (`cmd(…, { limits: ['shareLicense'] })`) and the pipeline takes them
 * before its handler runs; a handler never takes one itself. Plain data: the contract modules import only
 * the names. A limit only one feature's cmds take is declared once, as this policy, in that feature's
 * contract part (`limits: [policy]`); the contract tests read every limit from the cmds.
 */
export interface AttemptLimitPolicy {
  /** Names the counter: `attempts#{action}#{userId}` (kept as it was, so counts survive a deployment). */
  action: string;
  max: number;
  windowSeconds: number;
  /** What the caller is told (429) once the window's attempts are used up. */
  message: string;
  /**
   * Which calls count: every call (`calls`: a refusal must count too, as when it answers whether a guess was
   * right); only calls the handler goes through with (`accepted`: its refusals give the attempt back); only
   * refused ones (`failures`: a success or an outage gives it back). An accepted call that fails
   * afterwards (an outage) keeps its attempt: it may have written.
   */
  counts: 'calls' | 'accepted' | 'failures';
  /** A counter per value of this param (trimmed, any case; kept as a hash), beside the user's. */
  per?: string;
  /** Counts this param's amount (a number, or a file's size) instead of one a call. */
  amount?: string;
  /** Admins are held too; by default only customers are. */
  admins?: true;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A customer's shares a day: a share names the user shared with, so it is no way to look people up. */
export const MAX_SHARES_PER_DAY = 100;
/** A customer's license moves a day: each one grows both users' trails and the license's history. */
export const MAX_MOVES_PER_DAY = 50;
/** A customer's product moves a day: each one grows both users' actions. */
export const MAX_PRODUCT_MOVES_PER_DAY = 50;
/**
 * Recipients a customer may check a day: each match names a person whose email the caller knew, so the
 * checks are no way to collect names; as many as the shares a day allows.
 */
export const MAX_RECIPIENT_CHECKS_PER_DAY = 100;
/**
 * Checks of one email a day: someone who knows only an email could otherwise try user id after user id
 * with it. A colleague's id is typed once or twice, a slip corrected a few times.
 */
export const MAX_CHECKS_PER_EMAIL_PER_DAY = 5;
/** A user's withdrawals of a deletion a day: each request and each withdrawal sends a mail. */
export const MAX_WITHDRAWALS_PER_DAY = 5;
/**
 * What a customer's download clicks and EULA acceptances may add in a day: each new release and EULA
 * version makes a record kept with the account. Far more than a person downloads or accepts in a day.
 */
export const MAX_DOWNLOAD_RECORDS_PER_DAY = 100;
export const MAX_EULA_ACCEPTANCES_PER_DAY = 100;
/** Reads of their subscriptions a customer may make in an hour (each asks the checkout provider). */
export const MAX_SUBSCRIPTION_READS_PER_HOUR = 60;
/** Failed redemptions a user may make in an hour before redeeming is refused for the rest of it. */
export const MAX_FAILED_REDEMPTIONS_PER_HOUR = 10;
/**
 * Failed product registrations a user may make in an hour: registering takes a uid and nothing else, so
 * uids could be probed or claimed by trying many. A success does not count: the desktop app registers a
 * unit each time it sees it.
 */
export const FAILED_REGISTRATIONS_PER_HOUR = 20;
/**
 * Uploads (new curves and updates) a customer may make in a day: an update's replaced file stays in the
 * versioned bucket for a while, so a loop of updates would grow it without bound otherwise.
 */
export const MAX_IV_CURVE_UPLOADS_PER_DAY = 100;

export const attemptLimits = {
  shareLicense: { action: 'share-license', max: MAX_SHARES_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You shared licenses ${MAX_SHARES_PER_DAY} times today: try again tomorrow` },
  moveLicense: { action: 'move-license', max: MAX_MOVES_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You moved licenses ${MAX_MOVES_PER_DAY} times today: try again tomorrow` },
  moveProduct: { action: 'move-product', max: MAX_PRODUCT_MOVES_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You moved products ${MAX_PRODUCT_MOVES_PER_DAY} times today: try again tomorrow` },
  // One counter per email checked, then the day's checks: either refusal counts, as a match names a person.
  checkRecipientEmail: { action: 'check-recipient-email', per: 'email', max: MAX_CHECKS_PER_EMAIL_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You checked this email ${MAX_CHECKS_PER_EMAIL_PER_DAY} times today: try again tomorrow` },
  checkRecipient: { action: 'check-recipient', max: MAX_RECIPIENT_CHECKS_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You checked ${MAX_RECIPIENT_CHECKS_PER_DAY} recipients today: try again tomorrow` },
  withdrawDeletion: { action: 'withdraw-deletion', max: MAX_WITHDRAWALS_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You withdrew a deletion ${MAX_WITHDRAWALS_PER_DAY} times today: try again tomorrow` },
  recordDownload: { action: 'record-download', max: MAX_DOWNLOAD_RECORDS_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You downloaded ${MAX_DOWNLOAD_RECORDS_PER_DAY} times today: downloads are not recorded until tomorrow` },
  acceptEula: { action: 'accept-eula', max: MAX_EULA_ACCEPTANCES_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You accepted the EULA ${MAX_EULA_ACCEPTANCES_PER_DAY} times today: try again tomorrow` },
  readSubscriptions: { action: 'read-subscriptions', max: MAX_SUBSCRIPTION_READS_PER_HOUR, windowSeconds: HOUR, counts: 'calls', message: `Your subscriptions were read ${MAX_SUBSCRIPTION_READS_PER_HOUR} times in the last hour: try again later` },
  // Once they are used up every redemption is refused until the hour ends, a right code too: else the limit would still answer whether a guess is right.
  redeemCode: { action: 'redeem-code', max: MAX_FAILED_REDEMPTIONS_PER_HOUR, windowSeconds: HOUR, counts: 'failures', admins: true, message: `Too many license codes could not be redeemed: try again in an hour (at most ${MAX_FAILED_REDEMPTIONS_PER_HOUR} failed tries an hour)` },
  registerProduct: { action: 'register-product', max: FAILED_REGISTRATIONS_PER_HOUR, windowSeconds: HOUR, counts: 'failures', admins: true, message: `${FAILED_REGISTRATIONS_PER_HOUR} product registrations failed within the hour: check the unit's uid and try again in an hour` },
  uploadIvCurve: { action: 'upload-iv-curve', max: MAX_IV_CURVE_UPLOADS_PER_DAY, windowSeconds: DAY, counts: 'calls', message: `You have uploaded ${MAX_IV_CURVE_UPLOADS_PER_DAY} IV curve files today, the most a user may: try again tomorrow` },
  createCase: { action: 'create-case', max: CASE_LIMITS.cases, windowSeconds: HOUR, counts: 'accepted', message: `You have opened ${CASE_LIMITS.cases} cases in the last hour: try again later` },
  caseComment: { action: 'case-comment', max: CASE_LIMITS.comments, windowSeconds: HOUR, counts: 'accepted', message: `You have written ${CASE_LIMITS.comments} comments in the last hour: try again later` },
  caseUpload: { action: 'case-upload', max: CASE_LIMITS.uploads, windowSeconds: HOUR, counts: 'accepted', message: `You have uploaded ${CASE_LIMITS.uploads} files in the last hour: try again later` },
  /** Counted in bytes of the upload's `size` (a presigned upload) … */
  caseUploadBytes: { action: 'case-upload-bytes', amount: 'size', max: CASE_UPLOAD_BYTES.perDay, windowSeconds: DAY, counts: 'accepted', message: `You have uploaded ${describeSize(CASE_UPLOAD_BYTES.perDay)} of files in the last 24 hours: try again later` },
  /** … or of the file sent in the call: the same counter. */
  caseFileBytes: { action: 'case-upload-bytes', amount: 'uploaded_file', max: CASE_UPLOAD_BYTES.perDay, windowSeconds: DAY, counts: 'accepted', message: `You have uploaded ${describeSize(CASE_UPLOAD_BYTES.perDay)} of files in the last 24 hours: try again later` },
} as const satisfies Record<string, AttemptLimitPolicy>;

/** The name a contract gives a shared limit. */
export type LimitName = keyof typeof attemptLimits;

/** The policy of a limit as a cmd names it: a shared one's, or the feature's own (define.ts `Limit`). */
export const limitPolicy = (limit: LimitName | AttemptLimitPolicy): AttemptLimitPolicy => (typeof limit === 'string' ? attemptLimits[limit] : limit);
