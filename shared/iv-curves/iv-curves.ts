import { ivCurveListColumns } from '../lists/admin-lists';
import { describeSize } from '../api';

/**
 * IV curves (decision 024): a customer's or an admin's current–voltage curve, uploaded as a CSV file
 * (the format is in docs/files.md, "IV curve files"), kept in S3 with its fields in DynamoDB. What the
 * server, the SPA and the tests share about them.
 */

/**
 * The largest curve file. An upload reaches the function base64-encoded inside a Lambda event (about
 * 4/3 of its size), which may be at most 6 MB; 1 MB holds tens of thousands of points.
 */
export const MAX_IV_CURVE_BYTES = 1024 * 1024;

/** The unit of a curve's current values (its voltages are in volts). */
export const IV_CURVE_UNITS = ['A', 'mA', 'uA', 'nA'] as const;
export type IvCurveUnit = (typeof IV_CURVE_UNITS)[number];

/** `new` stores a new curve; `update` replaces the file of curve `id`, which keeps its id and gets the next version. */
export const IV_CURVE_UPLOAD_TYPES = ['new', 'update'] as const;

/** A curve has at least this many points, and at most the larger number. */
export const IV_CURVE_MIN_POINTS = 2;
export const IV_CURVE_MAX_POINTS = 20_000;
/** The longest manufacturer or model name. */
export const IV_CURVE_MAX_TEXT = 100;

/**
 * What one user may keep (decision 024): curves are reference data, a few per unit, not a file store.
 * 50 curves and 10 MB in all hold every cell a customer measures (a typical curve is a few KB), and
 * bound what a script uploading in a loop can store. Admins, who publish reference curves, are not
 * held to them; a user's curves count whoever uploaded them.
 */
export const MAX_IV_CURVES_PER_USER = 50;
export const MAX_IV_CURVE_BYTES_PER_USER = 10 * 1024 * 1024;

/** The admin's (and everyone's) list, 20 a page; a call without `limit` (no params) gets at most 1000. */
export const IV_CURVES_PAGE_SIZE = ivCurveListColumns.pageSize;
export const IV_CURVES_UNPAGED_MAX = ivCurveListColumns.defaultLimit!;
export const IV_CURVE_ORDER_COLUMNS = ivCurveListColumns.orderBy;

/**
 * The name a curve's file is offered under: the curve's id and version, never the uploader's file name
 * (which another user chose, and which may be anything).
 */
export const ivCurveFilename = (id: number, version: number): string => `${id}-v${version}.csv`;

/**
 * The start of a cell a spreadsheet would run as a formula (=, +, -, @), or a tab or carriage return
 * (which some spreadsheets strip before reading one): a manufacturer or model is shown to others and
 * exported, so it may not start so.
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** What the IV curve cmds answer and the page shows. */
export const ivCurveMessages = {
  notFound: (id: number) => `IV curve ${id} not found`,
  ownerOnly: (id: number) => `Only the owner of IV curve ${id} or an administrator may change it`,
  publicForAdmins: 'Only administrators may make an IV curve public or private',
  productNotFound: (id: number) => `Product ${id} not found`,
  idForUpdate: 'Give the id of the IV curve to update',
  idOnlyForUpdate: 'An id is given only to update a curve (upload_type update)',
  changedMeanwhile: (id: number) => `IV curve ${id} changed meanwhile: load the list again and retry`,
  /** A new curve whose write kept losing to the same user's other uploads at that moment. */
  tryAgain: 'Your other uploads were being stored at the same moment: upload the curve again',
  empty: 'The file is empty',
  /** The file is not a curve of the documented format: `detail` says where and why (never echoing the file). */
  notACurve: (detail: string) => `The file is not an IV curve: ${detail}`,
  /** The limit as the upload form states it. */
  sizeHint: `A CSV file of at most ${describeSize(MAX_IV_CURVE_BYTES)}`,
  uploaded: (id: number) => `IV curve ${id} uploaded`,
  updated: (id: number, version: number) => `IV curve ${id} updated to version ${version}`,
  /** An owner's update of a published curve: it is private again until an admin publishes it. */
  updatedPrivate: (id: number, version: number) =>
    `IV curve ${id} updated to version ${version}: it is private again until an administrator publishes it`,
  deleted: (id: number) => `IV curve ${id} deleted`,
  deleteConfirmTitle: (id: number) => `Delete IV curve ${id}?`,
  deleteConfirmMessage: 'The curve and its file are deleted. This cannot be undone.',
  tooManyCurves: `You have ${MAX_IV_CURVES_PER_USER} IV curves, the most a user may keep: delete one to upload another`,
  tooManyBytes: `Your IV curve files would take more than ${describeSize(MAX_IV_CURVE_BYTES_PER_USER)}, the most a user may keep: delete a curve or upload a smaller file`,
  formulaStart: (name: string) => `${name} may not start with =, +, -, @ or a tab (a spreadsheet would read it as a formula)`,
} as const;
