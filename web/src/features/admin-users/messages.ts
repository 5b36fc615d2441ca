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

