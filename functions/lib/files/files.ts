import { secrets } from '../../registry';
import { getSecret } from '../secrets';
import { buckets, type BucketName } from './buckets';
import { bucketName, s3 } from './s3';
import { signLink } from './signed-links';

/**
 * The one way functions reach S3: put, get and delete an object by key, hand out an expiring link to
 * one, and (presigned-upload.ts) let a browser upload straight into a bucket. Each function uses only
 * the buckets and operations its registry entry declares (`files`); the stack grants exactly those, and
 * the local stack refuses any other call as IAM would.
 */

export interface PutOptions {
  contentType: string;
  /** The name a browser saves the file under (`Content-Disposition: attachment`); a name the portal made, of safe characters. */
  downloadName?: string;
  cacheControl?: string;
  /** Small facts about the object, readable without reading the object (`fileMetadata`). */
  metadata?: Record<string, string>;
}

/** Stores `body` under `key`. */
export async function putFile(bucket: BucketName, key: string, body: Uint8Array | string, options: PutOptions): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucketName(bucket),
      Key: key,
      Body: body,
      ContentType: options.contentType,
      ...(typeof body === 'string' ? {} : { ContentLength: body.byteLength }),
      ...(options.downloadName ? { ContentDisposition: `attachment; filename="${options.downloadName}"` } : {}),
      ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      ...(options.metadata ? { Metadata: options.metadata } : {}),
    }),
  );
}

/** S3's smallest part of a multipart upload (all but the last): the most a streamed write holds at once. */
export const PART_BYTES = 5 * 1024 * 1024;

/**
 * Stores what `chunks` yield under `key` without holding it all: the chunks are gathered into parts of
 * PART_BYTES and each part is sent as it fills (a multipart upload); a body smaller than one part is one
 * PutObject. An upload that fails midway is left to the bucket's rule that aborts incomplete uploads.
 */
export async function putFileInParts(bucket: BucketName, key: string, chunks: Iterable<string> | AsyncIterable<string>, options: PutOptions): Promise<void> {
  const { sdk, client } = await s3();
  const encoder = new TextEncoder();
  let part: Uint8Array[] = [];
  let partBytes = 0;
  let uploadId: string | undefined;
  const sent: { ETag: string; PartNumber: number }[] = [];
  const joined = () => {
    const body = new Uint8Array(partBytes);
    let offset = 0;
    for (const piece of part) {
      body.set(piece, offset);
      offset += piece.byteLength;
    }
    part = [];
    partBytes = 0;
    return body;
  };
  const sendPart = async () => {
    if (uploadId === undefined) {
      const created = await client.send(
        new sdk.CreateMultipartUploadCommand({
          Bucket: bucketName(bucket),
          Key: key,
          ContentType: options.contentType,
          ...(options.downloadName ? { ContentDisposition: `attachment; filename="${options.downloadName}"` } : {}),
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(options.metadata ? { Metadata: options.metadata } : {}),
        }),
      );
      uploadId = created.UploadId;
      if (!uploadId) throw new Error(`${bucket}/${key}: no multipart upload id`);
    }
    const PartNumber = sent.length + 1;
    const body = joined();
    const { ETag } = await client.send(
      new sdk.UploadPartCommand({ Bucket: bucketName(bucket), Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.byteLength }),
    );
    sent.push({ ETag: ETag ?? '', PartNumber });
  };
  for await (const chunk of chunks) {
    const bytes = encoder.encode(chunk);
    part.push(bytes);
    partBytes += bytes.byteLength;
    if (partBytes >= PART_BYTES) await sendPart();
  }
  if (uploadId === undefined) {
    await putFile(bucket, key, joined(), options);
    return;
  }
  if (partBytes > 0) await sendPart();
  await client.send(
    new sdk.CompleteMultipartUploadCommand({ Bucket: bucketName(bucket), Key: key, UploadId: uploadId, MultipartUpload: { Parts: sent } }),
  );
}

/** An object's bytes. */
export async function getFile(bucket: BucketName, key: string): Promise<Uint8Array> {
  const { sdk, client } = await s3();
  const object = await client.send(new sdk.GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
  if (!object.Body) throw new Error(`${bucket}/${key} has no body`);
  return object.Body.transformToByteArray();
}

/** S3's answers for a key that holds nothing: NoSuchKey for a read, a bare 404 for a metadata read. */
const isMissing = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/** An object's bytes, or null when the key holds nothing. */
export async function findFile(bucket: BucketName, key: string): Promise<Uint8Array | null> {
  try {
    return await getFile(bucket, key);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** An object's metadata (as `PutOptions.metadata` gave it) without reading the object; null when the key holds nothing. */
export async function fileMetadata(bucket: BucketName, key: string): Promise<Record<string, string> | null> {
  const { sdk, client } = await s3();
  try {
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return head.Metadata ?? {};
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** An object's size in bytes, without reading it; null when the key holds nothing. */
export async function fileSize(bucket: BucketName, key: string): Promise<number | null> {
  const { sdk, client } = await s3();
  try {
    return (await client.send(new sdk.HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }))).ContentLength ?? 0;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/**
 * Copies an object to another key (in the same or another bucket) inside S3, without passing its bytes
 * through the function, stored with `options` (its type, name and metadata as given, not as the source had them).
 */
export async function copyFile(from: { bucket: BucketName; key: string }, to: { bucket: BucketName; key: string }, options: PutOptions): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(
    new sdk.CopyObjectCommand({
      CopySource: `${bucketName(from.bucket)}/${from.key.split('/').map(encodeURIComponent).join('/')}`,
      Bucket: bucketName(to.bucket),
      Key: to.key,
      MetadataDirective: 'REPLACE',
      ContentType: options.contentType,
      ...(options.downloadName ? { ContentDisposition: `attachment; filename="${options.downloadName}"` } : {}),
      ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
      ...(options.metadata ? { Metadata: options.metadata } : {}),
    }),
  );
}

/** Removes an object (a versioned bucket keeps it as a noncurrent version for its lifecycle's days). */
export async function deleteFile(bucket: BucketName, key: string): Promise<void> {
  const { sdk, client } = await s3();
  await client.send(new sdk.DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
}

/**
 * A link to an object of a `signed` bucket at the bucket's path, `{path}/{key}?expires=…&signature=…`,
 * that works for `seconds` and never after: the edge checks the signature and the time on every request.
 * Same origin as the SPA, never cached. `now` (ms) is for tests.
 */
export async function signedLink(bucket: BucketName, key: string, seconds: number, now = Date.now()): Promise<{ link: string; expires: number }> {
  const served = buckets[bucket].served;
  if (served.kind !== 'signed') throw new Error(`The ${bucket} bucket is not served by signed links`);
  const expires = Math.floor(now / 1000) + seconds;
  return { link: signLink(served.path, key, expires, await getSecret(secrets.linkSigning.env)), expires };
}
