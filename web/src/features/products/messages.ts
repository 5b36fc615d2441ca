import { productMessages } from '../../../../shared/products/messages';

/** What My products says: its confirmations and the page's fixed texts. */
export const productNotices = {
  moved: productMessages.moved,
  certificateRequested: productMessages.certificateRequested,
} as const;

export const productTexts = {
  noProducts: 'No registered products. Connect a unit to the desktop app to register it.',
  toIvCurves: 'IV curves',
  toFirmware: 'Firmware for your units',
} as const;
