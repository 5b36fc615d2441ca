import { describeSize } from '../api';

/**
 * IV curves (decision 024): a customer's or an admin's current–voltage curve, uploaded as a CSV file
 * (the format is in the README, "IV curve files"), kept in S3 with its fields in DynamoDB. What the
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

/** What the IV curve cmds answer and the page shows. */
export const ivCurveMessages = {
  notFound: (id: number) => `IV curve ${id} not found`,
  ownerOnly: (id: number) => `Only the owner of IV curve ${id} or an administrator may change it`,
  publicForAdmins: 'Only administrators may make an IV curve public or private',
  productNotFound: (id: number) => `Product ${id} not found`,
  idForUpdate: 'Give the id of the IV curve to update',
  idOnlyForUpdate: 'An id is given only to update a curve (upload_type update)',
  changedMeanwhile: (id: number) => `IV curve ${id} changed meanwhile: load the list again and retry`,
  empty: 'The file is empty',
  /** The file is not a curve of the documented format: `detail` says where and why (never echoing the file). */
  notACurve: (detail: string) => `The file is not an IV curve: ${detail}`,
  /** The limit as the upload form states it. */
  sizeHint: `A CSV file of at most ${describeSize(MAX_IV_CURVE_BYTES)}`,
  uploaded: (id: number) => `IV curve ${id} uploaded`,
  updated: (id: number, version: number) => `IV curve ${id} updated to version ${version}`,
} as const;
