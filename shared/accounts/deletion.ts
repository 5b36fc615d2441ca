/**
 * What the API says about withdrawing an account deletion. A deletion can be withdrawn until the
 * deletion job starts on it; one an administrator asked for only by an administrator.
 */
export const accountDeletionMessages = {
  nonePending: 'No deletion of this account is pending',
  alreadyStarted: 'The deletion of this account has already started and can no longer be withdrawn',
  askedByAdmin: 'An administrator asked for this deletion: ask support to withdraw it',
} as const;

/**
 * The hour (UTC) the daily deletion job runs: it starts on every pending request then, which ends their
 * withdrawal. The job's schedule and what the Delete account page promises both read it.
 */
export const DELETION_JOB_HOUR_UTC = 2;

/**
 * When the deletion job next starts after `now`: the first DELETION_JOB_HOUR_UTC:00 UTC after it. A
 * request pending at `now` can be withdrawn until then.
 */
export function nextDeletionRun(now: Date): Date {
  const run = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DELETION_JOB_HOUR_UTC));
  if (run.getTime() <= now.getTime()) run.setUTCDate(run.getUTCDate() + 1);
  return run;
}
