import type { FloatingSeat } from '../../../../shared/contract/lic';
import { BORROW_MAX_DAYS, FLOATING_LEASE_MINUTES } from '../../../../shared/licenses/seat';
import type { ConfirmOptions } from '../../components/confirm';
import { personText } from '../../components/person';
import { formatDate } from '../../lib/dates';
import { seatFreedText } from './messages';

/** What the Licenses screen says about a floating license (several seats) and the machines holding them. */
export const floatingTexts = {
  /** "3 seats (floating), 2 in use"; without the count until it is read. */
  seats: (seats: number, inUse: number | null) => `${seats} seats (floating)${inUse === null ? '' : `, ${inUse} in use`}`,
  seatsButton: 'Seats',
  seatsLabel: (licenseId: number) => `Seats of license ${licenseId}`,
  title: (licenseId: number) => `Seats of license ${licenseId}`,
  about: `Each machine takes a seat of its own: a floating lease of ${FLOATING_LEASE_MINUTES} minutes, renewed while the app runs, or a seat borrowed for travel for up to ${BORROW_MAX_DAYS} days. A floating lease that ended frees its seat for the next machine that asks.`,
  machines: 'Machines holding a seat',
  none: 'No machine holds a seat now.',
  /** A user a license is shared with sees their own machines; the others' only as a count. */
  othersInUse: (count: number) => (count === 1 ? '1 more seat is in use on another user’s machine.' : `${count} more seats are in use on other users’ machines.`),
  /** Whose machine: the caller's ("You"), or its user by name. */
  whose: (seat: FloatingSeat) => (seat.mine ? 'You' : seat.user_id === null ? 'Another user' : personText({ id: seat.user_id, name: seat.name })),
  kind: (seat: FloatingSeat) => (seat.kind === 'borrow' ? `Borrowed until ${formatDate(seat.lease_end)}` : 'Floating'),
  release: 'Release',
  return: 'Return',
  /** The button's name says which machine it frees: there is one per row. */
  freeLabel: (seat: FloatingSeat) => `${seat.mine ? 'Return' : 'Release'} the seat of ${seat.hostname}`,
  freed: (licenseId: number, seat: FloatingSeat) => `Seat of license ${licenseId} on ${seat.hostname} ${seat.mine ? 'returned' : 'released'}`,
} as const;

/** What is asked before a machine's seat is freed: the machine keeps its lease until it ends, never renewed. */
export const floatingQuestions = {
  free: (licenseId: number, seat: FloatingSeat): ConfirmOptions => ({
    title: `${seat.mine ? 'Return' : 'Release'} the seat of ${seat.hostname} (license ${licenseId})?`,
    message: seatFreedText(seat.hostname, seat.lease_end),
    confirmLabel: seat.mine ? 'Return seat' : 'Release seat',
  }),
} as const;
