import { apiMessages } from '../../../../shared/api';
import { IV_CURVE_UNITS, MAX_IV_CURVE_BYTES, ivCurveMessages } from '../../../../shared/iv-curves/iv-curves';

/** What the IV Curves page says: the server's confirmations and limits, and the page's fixed texts. */
export const ivCurveTexts = {
  uploaded: ivCurveMessages.uploaded,
  updated: ivCurveMessages.updated,
  updatedPrivate: ivCurveMessages.updatedPrivate,
  deleted: ivCurveMessages.deleted,
  confirmDelete: (id: number) => ({
    title: ivCurveMessages.deleteConfirmTitle(id),
    message: ivCurveMessages.deleteConfirmMessage,
    confirmLabel: 'Delete curve',
  }),
  curveCount: (count: number) => `${count} IV ${count === 1 ? 'curve' : 'curves'}`,
  noMatch: 'No IV curves match the search.',
  searchPlaceholder: 'Manufacturer, model, unit, id or user',
  fileHint: `${ivCurveMessages.sizeHint}: manufacturer, model and unit, then voltage,current points`,
  tooLarge: apiMessages.fileTooLarge(MAX_IV_CURVE_BYTES),
  empty: ivCurveMessages.empty,
  productId: 'Product id must be a whole number',
  productHint: 'Optional: one of your units, as My products lists them',
  productIdHint: 'Optional: the product’s Id on Registered products',
  productKept: 'Left as it is, the curve keeps its product',
  productPlaceholder: 'None',
  noProducts: 'Units you register with the desktop app are offered here',
  noProductsPlaceholder: 'No registered products',
  otherProduct: (id: number) => `Registered product ${id}`,
  noCurves: 'No IV curves yet. Upload a curve file to add one.',
  /** The owner of someone else's public curve, as a customer sees it. */
  anotherUser: 'Another user',
  formatTitle: 'File format',
  format: `A CSV file (UTF-8). First three lines name the manufacturer, the model and the unit of the current values (${IV_CURVE_UNITS.join(', ')}); then the header voltage,current and at least two points, voltages in volts, rising or falling.`,
  formatExample: ['manufacturer,Acme Solar', 'model,SC-100', 'unit,mA', 'voltage,current', '0,52.1', '0.25,51.9', '0.5,40.2', '0.6,0'].join('\n'),
} as const;

/** A chosen file's problem the browser can see before sending it: too large or empty. */
export function fileProblem(file: File | null): string | null {
  if (!file) return null;
  if (file.size > MAX_IV_CURVE_BYTES) return ivCurveTexts.tooLarge;
  if (file.size === 0) return ivCurveTexts.empty;
  return null;
}
