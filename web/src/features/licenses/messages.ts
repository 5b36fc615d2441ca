import { recipientText } from '../../../../shared/forms/recipient';
import type { Recipient } from '../../components/recipient';

/** What the Licenses screen says: its confirmations after each action, and its fixed texts. */
export const licenseNotices = {
  moved: (licenseId: number, userId: number) => `License ${licenseId} moved to user ${userId}`,
  shared: (licenseId: number, userId: number) => `License ${licenseId} shared with user ${userId}`,
  unshared: (licenseId: number, userId: number) => `License ${licenseId} no longer shared with user ${userId}`,
  returned: (licenseId: number) => `License ${licenseId} returned`,
} as const;

/** What is asked before an action that cannot be taken back (or that lets someone else use a license). */
export const licenseQuestions = {
  move: (licenseId: number, to: Recipient) => ({
    title: `Move license ${licenseId} to ${recipientText(to)}?`,
    message: `License ${licenseId} becomes ${to.name || `user ${to.user_id}`}'s: it leaves your licenses, and only they can move it back to you.`,
    confirmLabel: 'Move license',
  }),
  share: (licenseId: number, to: Recipient) => ({
    title: `Share license ${licenseId} with ${recipientText(to)}?`,
    message: `${to.name || `User ${to.user_id}`} can use license ${licenseId} on their machines until you stop sharing it with them.`,
    confirmLabel: 'Share license',
    danger: false,
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
