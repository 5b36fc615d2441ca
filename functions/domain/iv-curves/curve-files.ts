import { deleteFile, getFile, putFile } from '../../lib/files/files';

/**
 * Keeps a curve file under `key` (its bytes exactly as uploaded) in the private IV curves bucket, to be
 * saved as `downloadName` by whatever hands it out (a name of safe characters the portal made, so it
 * needs no quoting).
 */
export const putCurveFile = (key: string, bytes: Uint8Array, downloadName: string): Promise<void> =>
  putFile('ivcurves', key, bytes, { contentType: 'text/csv; charset=utf-8', downloadName });

/** A kept curve file's bytes. */
export const getCurveFile = (key: string): Promise<Uint8Array> => getFile('ivcurves', key);

/** Removes a curve file (S3 keeps it as a noncurrent version for a while: the bucket is versioned). */
export const deleteCurveFile = (key: string): Promise<void> => deleteFile('ivcurves', key);
