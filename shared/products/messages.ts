import { apiMessages } from '../api';

/** What the product cmds answer: the same texts for the SPA, the desktop app and the import. */
export const productMessages = {
  /** The success texts the SPA shows. */
  moved: (uid: string, userId: number) => `Product ${uid} moved to user ${userId}`,
  certificateRequested: 'Calibration certificate requested',
  certificateRecentlyRequested: (uid: string) =>
    `A calibration certificate for ${uid} was requested less than a day ago: support will answer that request`,
  certificateNotSent: 'The request could not be sent to support: try again later',
  unregistered: (uid: string) => `Product ${uid} unregistered`,
  unknownUnit: (uid: string) => `Unit ${uid} is not a known unit: check the uid the desktop app shows`,
  heldByAnotherUser: (uid: string) => `Unit ${uid} is registered to another user: they can move it to you`,
  notFound: (id: number) => `Product ${id} not found`,
  notRegistered: (uid: string) => `No product with uid ${uid} is registered`,
  ownerOnly: 'Only the owner of this product may do this',
  alreadyOwner: 'The product already belongs to that user',
  userNotFound: apiMessages.userNotFound,
  deviceNotFound: (uid: string) => `No device with uid ${uid}`,
  changedMeanwhile: 'The product changed meanwhile: load it again and retry',
} as const;

/** The certificate request's form texts (address 1, zip/postal code, city, country required). */
export const certificateRequestMessages = {
  address1: 'Address 1 is required',
  zipCode: 'Zip/postal code is required',
  city: 'City is required',
  country: 'Country is required',
} as const;
