import { LEASE_DAYS, MAX_FLOATING_SEATS } from '../../../../shared/licenses/seat';
import { recipientText } from '../../../../shared/forms/recipient';
import type { Recipient } from '../../components/recipient';
/** What the admin license screens say: confirmations after each action, and their fixed texts. */
export const adminLicenseNotices = {
  released: (licenseId: number) => `License ${licenseId} released`,
  disabled: (licenseId: number) => `License ${licenseId} disabled`,
  enabled: (licenseId: number) => `License ${licenseId} enabled`,
  saved: (licenseId: number) => `License ${licenseId} saved`,
  moved: (licenseId: number, userId: number) => `License ${licenseId} moved to user ${userId}`,
  added: (licenseId: number) => `License ${licenseId} added`,
  organisationSet: (licenseId: number, organisationId: number) => `License ${licenseId} put into organisation ${organisationId}`,
  organisationCleared: (licenseId: number) => `License ${licenseId} taken out of its organisation`,
  copied: 'Licenses copied to the clipboard',
} as const;

/** Who holds a license, as the questions name them: "user 41 (kim@example.com)". */
const holder = (userId: number, email?: string | null) => (email ? `user ${userId} (${email})` : `user ${userId}`);

/** What is asked before an admin action that takes something away. */
export const adminLicenseQuestions = {
  release: (licenseId: number, machine: string | null) => ({
    title: `Release license ${licenseId}?`,
    message: `The seat is free at once. ${machine ?? 'The machine holding it'} keeps working until its lease ends (at most ${LEASE_DAYS} days); it will not be renewed.`,
    confirmLabel: 'Release seat',
  }),
  disable: (licenseId: number, userId: number, email?: string | null) => ({
    title: `Disable license ${licenseId}?`,
    message: `${holder(userId, email)} can no longer use license ${licenseId} until it is enabled again.`,
    confirmLabel: 'Disable license',
  }),
  move: (licenseId: number, fromUserId: number, to: Recipient, email?: string | null) => ({
    title: `Move license ${licenseId} to ${recipientText(to)}?`,
    message: `License ${licenseId} leaves ${holder(fromUserId, email)} and becomes ${to.name || `user ${to.user_id}`}'s.`,
    confirmLabel: 'Move license',
  }),
  removeAddons: (licenseId: number, addons: string) => ({
    title: `Remove ${addons} from license ${licenseId}?`,
    message: `Saving takes ${addons} away from license ${licenseId}: its user can no longer use what the add-on gives.`,
    confirmLabel: 'Save and remove',
  }),
  /** Valid to moves earlier than stored (`before` null: it was perpetual); `passed`: the new end is before today. */
  endEarlier: (licenseId: number, before: string | null, after: string, passed: boolean) => ({
    title: `End license ${licenseId} earlier?`,
    message: `Saving ends license ${licenseId} on ${after} instead of ${before ? `on ${before}` : 'never (perpetual)'}: ${
      passed ? 'that day has passed, so its user can no longer use it.' : 'its user loses the time in between.'
    }`,
    confirmLabel: 'Save and end earlier',
  }),
  /** The usage changes: usages are kinds, none above another, and each says what the license may be used for. */
  changeUsage: (licenseId: number, before: string, after: string) => ({
    title: `Change the usage of license ${licenseId} to ${after}?`,
    message: `Saving changes the usage of license ${licenseId} from ${before} to ${after}: what its user may use it for changes.`,
    confirmLabel: 'Save and change usage',
  }),
  /** The legacy upgrade product the owner may buy is cleared. */
  clearLegacyUpgrade: (licenseId: number, product: string) => ({
    title: `Clear the legacy upgrade of license ${licenseId}?`,
    message: `Saving clears the upgrade to ${product}: its owner can no longer buy it for license ${licenseId} on Buy legacy licenses.`,
    confirmLabel: 'Save and clear',
  }),
  /** The license goes into an organisation (out of any other): its seat and its shares change. */
  setOrganisation: (licenseId: number, organisation: string, organisationId: number) => ({
    title: `Put license ${licenseId} into ${organisation} (organisation ${organisationId})?`,
    message: `Its seat goes to ${organisation}'s pool (any member may use it), a seat held by someone who is not a member is released, and its shares end.`,
    confirmLabel: 'Put into organisation',
  }),
  /** The license leaves whatever organisation it is in: its owner alone uses it again. */
  clearOrganisation: (licenseId: number) => ({
    title: `Take license ${licenseId} out of its organisation?`,
    message: `License ${licenseId} becomes its owner's alone again: the organisation's members can no longer use its seat, and a seat held by someone else is released.`,
    confirmLabel: 'Take out of organisation',
  }),
  /** Several of the above at once: one question naming each. */
  editTakesAway: (licenseId: number, questions: readonly { message: string }[]) => ({
    title: `Save the changes to license ${licenseId}?`,
    message: questions.map((question) => question.message).join(' '),
    confirmLabel: 'Save changes',
  }),
} as const;

export const adminLicenseTexts = {
  noMatch: 'No licenses match the filters.',
  noLicenses: 'No licenses.',
  noHistory: 'No changes recorded yet.',
  noDongles: 'No licenses are bound to a dongle.',
  /** The Move dialog's user field: what an admin types. */
  moveUserIdHint: 'The id of the user it goes to: the number their user detail and the User filter show',
  licenseCount: (count: number) => `${count} ${count === 1 ? 'license' : 'licenses'}`,
  licenseIdFilter: 'A license id is a whole number above 0',
  organisationIdHint: "The organisation's id, as All organisations shows it; empty: in no organisation (its owner's alone)",
  /** Add new license's Seats field. */
  seatsHint: `Empty: one seat, held by one machine at a time. 2 to ${MAX_FLOATING_SEATS}: a floating license, each of whose machines takes a seat of its own while the app runs.`,
} as const;
