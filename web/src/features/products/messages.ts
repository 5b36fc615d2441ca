import { recipientText } from '../../../../shared/forms/recipient';
import { productMessages } from '../../../../shared/products/messages';
import type { Recipient } from '../../components/recipient';

/** What My products says: its confirmations and the page's fixed texts. */
export const productNotices = {
  moved: productMessages.moved,
  certificateRequested: productMessages.certificateRequested,
} as const;

/** What is asked before a unit goes to another user (it cannot be taken back). */
export const productQuestions = {
  move: (uid: string, to: Recipient) => ({
    title: `Move product ${uid} to ${recipientText(to)}?`,
    message: `${uid} becomes ${to.name || `user ${to.user_id}`}'s registered product: it leaves your products, and only they can move it back to you.`,
    confirmLabel: 'Move product',
  }),
} as const;

export const productTexts = {
  noProducts: 'No registered products. Connect a unit to the desktop app to register it.',
  toIvCurves: 'IV curves',
  toFirmware: 'Firmware for your units',
} as const;
