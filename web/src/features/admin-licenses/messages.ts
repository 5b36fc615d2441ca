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

export const adminLicenseTexts = {
  noMatch: 'No licenses match the filters.',
  noLicenses: 'No licenses.',
  noActions: 'No actions yet.',
  noDownloads: 'No downloads yet.',
  noDongles: 'No licenses are bound to a dongle.',
  /** The Move dialog's user field: what an admin types. */
  moveUserIdHint: 'The id of the user it goes to: the number their user detail and the User filter show',
  licenseCount: (count: number) => `${count} ${count === 1 ? 'license' : 'licenses'}`,
  licenseIdFilter: 'A license id is a whole number above 0',
  notAUser: 'Not a user id.',
  backToAll: 'Back to all licenses',
} as const;
