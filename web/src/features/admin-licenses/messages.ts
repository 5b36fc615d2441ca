/** What the admin license screens say: confirmations after each action, and their fixed texts. */
export const adminLicenseNotices = {
  released: (licenseId: number) => `License ${licenseId} released`,
  disabled: (licenseId: number) => `License ${licenseId} disabled`,
  enabled: (licenseId: number) => `License ${licenseId} enabled`,
  saved: (licenseId: number) => `License ${licenseId} saved`,
  moved: (licenseId: number, userId: number) => `License ${licenseId} moved to user ${userId}`,
  added: (licenseId: number) => `License ${licenseId} added`,
  copied: 'Licenses copied to the clipboard',
  legacyAllowed: (userId: number) => `User ${userId} may make legacy purchases`,
  legacyWithdrawn: (userId: number) => `User ${userId} may no longer make legacy purchases`,
} as const;

/** Who holds a license, as the questions name them: "user 41 (kim@example.com)". */
const holder = (userId: number, email?: string | null) => (email ? `user ${userId} (${email})` : `user ${userId}`);

/** What is asked before an admin action that takes something away. */
export const adminLicenseQuestions = {
  release: (licenseId: number, machine: string | null) => ({
    title: `Release license ${licenseId}?`,
    message: `The seat is freed: the desktop app ${machine ? `on ${machine}` : 'holding it'} stops using license ${licenseId} until it takes a seat again.`,
    confirmLabel: 'Release seat',
  }),
  disable: (licenseId: number, userId: number, email?: string | null) => ({
    title: `Disable license ${licenseId}?`,
    message: `${holder(userId, email)} can no longer use license ${licenseId} until it is enabled again.`,
    confirmLabel: 'Disable license',
  }),
  move: (licenseId: number, fromUserId: number, toUserId: number, email?: string | null) => ({
    title: `Move license ${licenseId} to user ${toUserId}?`,
    message: `License ${licenseId} leaves ${holder(fromUserId, email)} and becomes user ${toUserId}'s.`,
    confirmLabel: 'Move license',
  }),
  removeAddons: (licenseId: number, addons: string) => ({
    title: `Remove ${addons} from license ${licenseId}?`,
    message: `Saving takes ${addons} away from license ${licenseId}: its user can no longer use what the add-on gives.`,
    confirmLabel: 'Save and remove',
  }),
  withdrawLegacy: (userId: number) => ({
    title: `Withdraw legacy purchases from user ${userId}?`,
    message: `User ${userId} can no longer buy on Buy legacy licenses until they are allowed again.`,
    confirmLabel: 'Withdraw',
  }),
} as const;

export const adminLicenseTexts = {
  noMatch: 'No licenses match the filters.',
  noLicenses: 'No licenses.',
  noActions: 'No actions yet.',
  noHistory: 'No changes recorded yet.',
  noDownloads: 'No downloads yet.',
  noDongles: 'No licenses are bound to a dongle.',
  /** The Move dialog's user field: what an admin types. */
  moveUserIdHint: 'The id of the user it goes to: the number their user detail and the User filter show',
  licenseCount: (count: number) => `${count} ${count === 1 ? 'license' : 'licenses'}`,
  licenseIdFilter: 'A license id is a whole number above 0',
  notAUser: 'Not a user id.',
  backToAll: 'Back to all licenses',
  backToUsers: 'Back to users',
} as const;
