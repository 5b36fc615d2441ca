import { productMessages } from '../../../../shared/products/messages';

/** What My products says: its confirmations and the page's fixed texts. */
export const productNotices = {
  moved: productMessages.moved,
  certificateRequested: productMessages.certificateRequested,
} as const;

/** What is asked before a unit goes to another user (it cannot be taken back). */
export const productQuestions = {
  move: (uid: string, userId: number) => ({
    title: `Move product ${uid} to user ${userId}?`,
    message: `${uid} becomes user ${userId}'s registered product: it leaves your products, and only user ${userId} can move it back to you.`,
    confirmLabel: 'Move product',
  }),
} as const;

export const productTexts = {
  noProducts: 'No registered products. Connect a unit to the desktop app to register it.',
  toIvCurves: 'IV curves',
  toFirmware: 'Firmware for your units',
} as const;
