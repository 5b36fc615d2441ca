import { randomUUID } from 'node:crypto';
import { ivCurveFilename } from '../../../shared/iv-curves/iv-curves';
import { nextId } from '../../lib/db/counters';
import { logger } from '../../lib/logger';
import type { IvCurveFile } from './curve-file.rules';
import { deleteCurveFile, putCurveFile } from './curve-files';
import type { AuditSwitch } from '../../lib/records/record-kind';
import { checkWithinLimits, curvesOf, deleteCurve, insertCurve, replaceCurve, type IvCurveRecord, type UsageLimits } from './iv-curves.repository';

/** A checked upload: the file's bytes, the curve read from them, and the optional fields of the form. */
export interface CurveUpload {
  bytes: Uint8Array;
  curve: IvCurveFile;
  productId?: number;
  public?: boolean;
}

/**
 * Where one upload's file is kept: the curve, its version and a random part. Each upload writes its own
 * object, so of two updates racing from the same version the one that loses removes only its own file.
 */
const fileKey = (id: number, version: number) => `${id}/v${version}-${randomUUID().slice(0, 8)}.csv`;

const fields = (upload: CurveUpload) => ({
  manufacturer: upload.curve.manufacturer,
  model: upload.curve.model,
  unit: upload.curve.unit,
  size: upload.bytes.byteLength,
  points: upload.curve.points.length,
});

/** Keeps a version's file, named for a download from the curve, never from the uploader's file name. */
const putFile = (record: IvCurveRecord, bytes: Uint8Array) => putCurveFile(record.file_key, bytes, ivCurveFilename(record.id, record.version));

/** Removes a file nothing refers to; a failure only leaves an orphan object behind, so it is logged, not thrown. */
async function removeFile(key: string): Promise<void> {
  try {
    await deleteCurveFile(key);
  } catch (error) {
    logger.warn('An IV curve file nothing refers to could not be removed', { key, error: error as Error });
  }
}

/**
 * Stores a new curve of `ownerId`: its file first, then its record with the owner's usage (within
 * `limits`: IvCurveLimitError otherwise); when the record cannot be written the file goes again, so a
 * refused or failed upload leaves nothing behind. Private unless an admin said public.
 */
export async function storeNewCurve(ownerId: number, upload: CurveUpload, limits: UsageLimits, now = new Date()): Promise<IvCurveRecord> {
  await checkWithinLimits(ownerId, { curves: 1, bytes: upload.bytes.byteLength }, limits);
  const id = await nextId('iv-curve');
  const record: IvCurveRecord = {
    id,
    user_id: ownerId,
    ...(upload.productId !== undefined ? { product_id: upload.productId } : {}),
    version: 1,
    public: upload.public ?? false,
    ...fields(upload),
    file_key: fileKey(id, 1),
    created: now.toISOString(),
    updated: now.toISOString(),
  };
  await putFile(record, upload.bytes);
  try {
    await insertCurve(record, limits, now);
  } catch (error) {
    await removeFile(record.file_key);
    throw error;
  }
  return record;
}

/**
 * Replaces a curve's file (as read): the new file is kept under a new key, the record takes the next
 * version only while the stored one is still the version read (IvCurveChangedError otherwise) and the
 * owner's usage stays within `limits` (IvCurveLimitError), else the new file goes again; then the
 * previous version's file is removed. The id, owner and created time stay; the product and public stay
 * unless the upload gives them.
 */
export async function storeCurveVersion(read: IvCurveRecord, upload: CurveUpload, limits: UsageLimits, now = new Date(), audit: AuditSwitch = {}): Promise<IvCurveRecord> {
  const version = read.version + 1;
  const productId = upload.productId ?? read.product_id;
  const next: IvCurveRecord = {
    id: read.id,
    user_id: read.user_id,
    ...(productId !== undefined ? { product_id: productId } : {}),
    version,
    public: upload.public ?? read.public,
    ...fields(upload),
    file_key: fileKey(read.id, version),
    created: read.created,
    updated: now.toISOString(),
  };
  await checkWithinLimits(read.user_id, { curves: 0, bytes: next.size - read.size }, limits);
  await putFile(next, upload.bytes);
  try {
    await replaceCurve(read, next, limits, now, audit);
  } catch (error) {
    await removeFile(next.file_key);
    throw error;
  }
  await removeFile(read.file_key);
  return next;
}

/**
 * Deletes a curve (as read: IvCurveChangedError when it changed meanwhile): its record, list row and
 * share of the owner's usage in one transaction, then its file (the bucket keeps a noncurrent version
 * for its expiry time, out of every user's reach).
 */
export async function removeCurve(read: IvCurveRecord, now = new Date(), audit: AuditSwitch = {}): Promise<void> {
  await deleteCurve(read, now, audit);
  await removeFile(read.file_key);
}

/**
 * Account deletion: the user's private curves and their files go (the file first, so no file outlives
 * its record). Public curves stay: an admin published them for everyone, and they name the owner only by id.
 */
export async function forgetPrivateCurvesOf(userId: number): Promise<void> {
  for (const curve of await curvesOf(userId)) {
    if (curve.public) continue;
    await deleteCurveFile(curve.file_key);
    await deleteCurve(curve);
  }
}
