/** The admin users screen's texts. */
export const adminUserTexts = {
  userCount: (count: number) => (count === 1 ? '1 user' : `${count.toLocaleString('en-US')} users`),
  noMatch: 'No user matches the search.',
  noUsers: 'There are no users.',
  allLicenseTypes: 'All license types',
  /** A row's Info button by name: its visible "Info" first, so speech input finds it by what it shows. */
  infoButton: (userId: number) => `Info for user ${userId}`,
};

/** What the admin users screens say. */
export const userInfoTexts = {
  /** The read-only user info dialog's title, which names it. */
  title: (userId: number) => `User information: user ${userId}`,
  latestDownloads: 'Latest downloads',
  latestActions: 'Latest actions',
  noActions: 'No actions yet.',
  openDetail: 'Open user detail',
  licenseCount: (all: number, active: number) => `${all} (${active} active)`,
} as const;


/** What a user's detail says (its sections from other features say their own). */
export const userDetailTexts = {
  noActions: 'No actions yet.',
  noDownloads: 'No downloads yet.',
  /** Under a user's actions when the detail holds as many as it answers: where the older ones are. */
  newestActions: (shown: number) => `The newest ${shown} actions: the Audit trail lists every one (search the user id).`,
  newestDownloads: (shown: number) => `The newest ${shown} downloads.`,
  notAUser: 'Not a user id.',
  backToAll: 'Back to all licenses',
  backToUsers: 'Back to users',
} as const;

export const userDetailNotices = {
  legacyAllowed: (userId: number) => `User ${userId} may make legacy purchases`,
  legacyWithdrawn: (userId: number) => `User ${userId} may no longer make legacy purchases`,
} as const;

export const userDetailQuestions = {
  withdrawLegacy: (userId: number) => ({
    title: `Withdraw legacy purchases from user ${userId}?`,
    message: `User ${userId} can no longer buy on Buy legacy licenses until they are allowed again.`,
    confirmLabel: 'Withdraw',
  }),
} as const;
