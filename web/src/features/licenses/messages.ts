import { recipientText } from '../../../../shared/forms/recipient';
import type { Recipient } from '../../components/recipient';
import { formatDateTime } from '../../lib/dates';

/** What the Licenses screen says: its confirmations after each action, and its fixed texts. */
export const licenseNotices = {
  moved: (licenseId: number, userId: number) => `License ${licenseId} moved to user ${userId}`,
  shared: (licenseId: number, userId: number) => `License ${licenseId} shared with user ${userId}`,
  unshared: (licenseId: number, userId: number) => `License ${licenseId} no longer shared with user ${userId}`,
  returned: (licenseId: number) => `License ${licenseId} returned`,
  addedToOrganisation: (licenseId: number, organisation: string) => `License ${licenseId} added to ${organisation}`,
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
  /** The owner gives the seat to the organisation: only a portal admin takes a license out of one. */
  addToOrganisation: (licenseId: number, organisation: string) => ({
    title: `Add license ${licenseId} to ${organisation}?`,
    message: `Its seat goes to ${organisation}'s pool (any member may use it), its shares end, and ${organisation}'s owner and admins manage it from now on.`,
    confirmLabel: 'Add to organisation',
  }),
  /** A machine keeps its signed lease: it works on until the lease ends, and is never renewed. */
  return: (licenseId: number, machine: string | null, leaseEnd: string | null) => ({
    title: `Return license ${licenseId}?`,
    message: `The seat is free at once. ${machine ?? 'The machine holding it'} keeps working until its lease ends${leaseEnd ? ` on ${formatDateTime(leaseEnd)}` : ''}; it will not be renewed.`,
    confirmLabel: 'Return license',
  }),
} as const;

export const licenseTexts = {
  empty: 'You have no licenses yet.',
  fromOrganisations: 'From your organisations',
  /** Whom an organisation's seat is for, as the card names it. */
  seatForPool: 'Pool (any member)',
  seatForYou: 'You',
  seatForOther: 'Another member',
  addToOrganisation: 'Add to organisation',
  /** The header's way to the screen where a machine without network gets its seat. */
  offlineActivation: 'Offline activation',
  redeemFor: 'For',
  redeemForMyself: 'Myself',
  notShared: 'Not shared with anyone.',
  buyUnavailable: 'Buying licenses on this page is not available yet.',
  licensesShelf: 'A toolbox license includes Automation and Battery; Pro starts without add-ons.',
  addonsShelf: 'An add-on goes onto your Pro license.',
} as const;

/** What the Licenses screen says about the subscriptions the customer pays for. */
export const mySubscriptionTexts = {
  intro: 'Canceling a license\'s subscription cancels the add-on subscriptions on that license too: an add-on ends with its license.',
  states: { active: 'Active', overdue: 'Payment overdue', canceled: 'Canceled', deactivated: 'Ended' } as Record<string, string>,
  for: (product: string, licenseId: number) => `${product} on license ${licenseId}`,
  nextCharge: (state: string, day: string | null) => (!day ? 'None' : state === 'canceled' ? `None: runs out on ${day}` : day),
  /** "€990.00 a year". */
  price: (amount: string | null, interval: string) => (!amount ? 'Not available' : `${amount} ${interval.replace(/^1 /, 'a ')}`),
  accountPage: 'Invoices, payment method and cancel: your account at the checkout provider',
  /** A subscription whose order was placed with another email: its account page is not linked here. */
  otherAccount: 'For a subscription ordered with another email: sign in at the checkout provider with the email used for the order.',
} as const;
