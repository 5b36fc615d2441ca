/** What the Licenses screen says: its confirmations after each action, and its fixed texts. */
export const licenseNotices = {
  moved: (licenseId: number, userId: number) => `License ${licenseId} moved to user ${userId}`,
  shared: (licenseId: number, userId: number) => `License ${licenseId} shared with user ${userId}`,
  unshared: (licenseId: number, userId: number) => `License ${licenseId} no longer shared with user ${userId}`,
  returned: (licenseId: number) => `License ${licenseId} returned`,
} as const;

/** What is asked before an action that cannot be taken back. */
export const licenseQuestions = {
  move: (licenseId: number, userId: number) => ({
    title: `Move license ${licenseId} to user ${userId}?`,
    message: `License ${licenseId} becomes user ${userId}'s: it leaves your licenses, and only user ${userId} can move it back to you.`,
    confirmLabel: 'Move license',
  }),
  return: (licenseId: number, machine: string | null) => ({
    title: `Return license ${licenseId}?`,
    message: `The seat is freed: the desktop app ${machine ? `on ${machine}` : 'holding it'} stops using license ${licenseId} until it takes a seat again.`,
    confirmLabel: 'Return license',
  }),
} as const;

export const licenseTexts = {
  empty: 'You have no licenses yet.',
  notShared: 'Not shared with anyone.',
  buyUnavailable: 'Buying licenses on this page is not available yet.',
  licensesShelf: 'A toolbox license includes Automation and Battery; Pro starts without add-ons.',
  addonsShelf: 'An add-on goes onto your Pro license.',
} as const;
