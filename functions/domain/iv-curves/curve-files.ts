import type { S3Client } from '@aws-sdk/client-s3';
import { ENV } from '../../../shared/runtime';
import { getConfig } from '../../lib/config';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

/**
 * The S3 SDK and client, loaded on first use: the user function's other cmds never touch S3, and loading
 * the SDK costs cold-start time. Locally AWS_ENDPOINT_URL_S3 points it at s3rver (path-style addressing).
 */
function s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client({ forcePathStyle: true }) }));
  return loaded;
}

function bucket(): string {
  const name = getConfig().ivCurvesBucket;
  if (!name) throw new Error(`Function environment lacks ${ENV.ivCurvesBucket}: the unit keeps no IV curves`);
  return name;
}

/**
 * Keeps a curve file under `key` (its bytes exactly as uploaded), to be saved as `downloadName` by
 * whatever hands it out (a name of safe characters the portal made, so it needs no quoting).
 */
export async function putCurveFile(key: string, bytes: Uint8Array, downloadName: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: bytes,
      ContentType: 'text/csv; charset=utf-8',
      ContentLength: bytes.byteLength,
      ContentDisposition: `attachment; filename="${downloadName}"`,
    }),
  );
}

/** A kept curve file's bytes. */
export async function getCurveFile(key: string): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
  if (!object.Body) throw new Error(`IV curve file ${key} has no body`);
  return object.Body.transformToByteArray();
}

/** Removes a curve file (S3 keeps it as a noncurrent version for a while: the bucket is versioned). */
export async function deleteCurveFile(key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}
