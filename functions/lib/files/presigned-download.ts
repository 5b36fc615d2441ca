import type { BucketName } from './buckets';
import { bucketName, s3 } from './s3';

/**
 * A presigned S3 URL that reads one object of a bucket for `seconds` and never after (S3 checks the
 * signature and the time; the signer needs GetObject: the unit declares `sign-get` on the bucket). For a
 * bucket the browser never reaches through the portal's own paths; a `signed` bucket hands out
 * `signedLink`s at its path instead. A module of its own, so only a unit that presigns downloads
 * bundles the presigner. `now` is for tests.
 */
export async function presignedDownload(bucket: BucketName, key: string, seconds: number, downloadName?: string, now = new Date()): Promise<string> {
  const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3(), import('@aws-sdk/s3-request-presigner')]);
  const command = new sdk.GetObjectCommand({
    Bucket: bucketName(bucket),
    Key: key,
    ...(downloadName ? { ResponseContentDisposition: `attachment; filename="${downloadName}"` } : {}),
  });
  return getSignedUrl(client, command, { expiresIn: seconds, signingDate: now });
}
