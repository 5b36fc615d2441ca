import { apiMessages } from '../api';

/** What the license cmds answer when they refuse: the same texts for the SPA and the desktop app. */
export const licenseMessages = {
  notFound: (id: number) => `License ${id} not found`,
  userNotFound: apiMessages.userNotFound,
  ownerOnly: 'Only the owner of this license may do this',
  reserved: 'The license is in use on a machine: return it first',
  onDongle: 'The license is on a dongle: it cannot be moved, returned or released here',
  subscriptionMove: 'A subscription license cannot be moved by an administrator',
  alreadyOwner: 'The license already belongs to that user',
  shareWithOwner: 'A license cannot be shared with its owner',
  shareLimit: (max: number) => `A license can be shared with at most ${max} users`,
  notReserved: 'No machine holds this license',
  otherMachine: 'Another machine holds this license',
  disabled: 'The license is disabled',
  expired: 'The license has expired',
  heldByAnotherUser: "Another user's machine holds this license",
  heldByYourMachine: (hostname: string) => `Your machine ${hostname} holds this license: take it over to use it here`,
  /** A renewal (the app, while online) of a seat the machine no longer holds: a return from the portal ends its use there. */
  noLongerHeld: 'This machine no longer holds the license: it was returned or taken over; reserve it again to use it here',
  renewWithTakeover: 'A renewal keeps the seat where it is: renew and takeover cannot be asked together',
  takeoverBudget: (perDay: number) =>
    `This license was taken over ${perDay} times today: return it on the other machine, or try again tomorrow`,
  machineBudget: (machines: number, days: number, from: string) =>
    `This license was used on ${machines} machines in the last ${days} days: use it on one of them, or on a new machine from ${from}`,
  badPayload: 'payload must be a base64url-encoded JSON description of the machine: fingerprint, hostname, client_version, os',
  subscriptionEdit: 'A subscription license follows its subscription: it cannot be edited, disabled or enabled here',
  addonsOnlyPro: 'Only a Pro license has add-ons',
  addonPresent: (addon: string) => `The license already has ${addon}`,
  addonMissing: (addon: string) => `The license has no ${addon}`,
  usageUnknown: (usage: number) => `Unknown license usage ${usage}`,
  endBeforeStart: 'Valid to must not be before valid from',
  changedMeanwhile: 'The license changed meanwhile: load it again and retry',
  campaignMove: 'A license from a campaign code stays with the user who redeemed it: it cannot be moved',
  /** An organisation's license: its admins decide who uses its seat, nobody shares or moves it. */
  organisationLicense: "This license belongs to an organisation: its admins manage its seat",
  campaignOrganisation: "A campaign code's license stays with the person who redeems it: redeem it for yourself",
  assignedToOther: "This license's seat is assigned to another member of its organisation",
  /** Every seat of a floating license is held by a machine whose lease runs. */
  floatingFull: (seats: number, firstEnd: string) =>
    `All ${seats} seats of this license are in use: the first lease ends ${firstEnd.slice(0, 16).replace('T', ' ')} UTC unless its machine renews it`,
  notFloating: 'This license has one seat: its machine is shown on the license',
  borrowNotFloating: 'Only a license with several seats (floating) can be borrowed: reserve it instead',
  campaignShare: 'A license from a campaign code stays with the user who redeemed it: it cannot be shared',
} as const;
