/**
 * What the API says about withdrawing an account deletion. A deletion can be withdrawn until the
 * deletion job starts on it; one an administrator asked for only by an administrator.
 */
export const accountDeletionMessages = {
  nonePending: 'No deletion of this account is pending',
  alreadyStarted: 'The deletion of this account has already started and can no longer be withdrawn',
  askedByAdmin: 'An administrator asked for this deletion: ask support to withdraw it',
  /** A user's withdrawals in a day are counted: each request and each withdrawal sends a mail. */
  withdrawBudget: (perDay: number) => `You withdrew a deletion ${perDay} times today: try again tomorrow`,
} as const;
