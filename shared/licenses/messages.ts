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
  takeoverBudget: (perDay: number) =>
    `This license was taken over ${perDay} times today: return it on the other machine, or try again tomorrow`,
  badPayload: 'payload must be a base64url-encoded JSON description of the machine: fingerprint, hostname, client_version, os',
  subscriptionEdit: 'A subscription license follows its subscription: it cannot be edited, disabled or enabled here',
  addonsOnlyPro: 'Only a Pro license has add-ons',
  addonPresent: (addon: string) => `The license already has ${addon}`,
  addonMissing: (addon: string) => `The license has no ${addon}`,
  usageUnknown: (usage: number) => `Unknown license usage ${usage}`,
  endBeforeStart: 'Valid to must not be before valid from',
  changedMeanwhile: 'The license changed meanwhile: load it again and retry',
} as const;
