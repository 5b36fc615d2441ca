import { createHmac } from 'node:crypto';
import type { PresignedUpload } from '../../../shared/files/presigned-upload';
import type { BucketName } from './buckets';
import { bucketName, s3 } from './s3';

/** What S3 holds an upload to (and the local stand-in too: scripts/local/s3-post-policy.ts). */
export interface UploadConditions {
  /** The largest file accepted, in bytes (the policy's `content-length-range`). */
  maxBytes: number;
  /** The smallest; 1 unless said (an empty file is no upload). */
  minBytes?: number;
  /** The only content type accepted (the form's `Content-Type` field must be exactly this). */
  contentType: string;
  /**
   * The `Content-Disposition` the object is stored (and later served) with, signed into the policy so the
   * form must send exactly it: `attachment; filename="…"` makes a browser save the file, never render it.
   */
  contentDisposition?: string;
  /** How long the browser may start the upload: after this the policy has expired. */
  expiresInSeconds: number;
}

/**
 * A browser's upload straight into a bucket (shared/files/presigned-upload.ts says how it is used). S3
 * stores it under `fields.key` only if the policy's signature holds, it has not expired, the file's size
 * is within the range and its `Content-Type` field is the one signed; else it answers 403 (400 for a size
 * out of range) and stores nothing.
 */
export type { PresignedUpload } from '../../../shared/files/presigned-upload';

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const amzDate = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Presigns an upload of one file to `key` (an S3 POST policy, signed with Signature Version 4 by the
 * function's own credentials, so S3 stores it with the function's PutObject right: the unit declares
 * `sign-put` on the bucket). Signed here with what node:crypto and the S3 client already provide, so no
 * further SDK package weighs on the bundle. `now` is for tests.
 */
export async function presignedUpload(bucket: BucketName, key: string, conditions: UploadConditions, now = new Date()): Promise<PresignedUpload> {
  const { client } = await s3();
  const name = bucketName(bucket);
  const region = await client.config.region();
  const credentials = await client.config.credentials();
  const date = amzDate(now);
  const scope = `${date.slice(0, 8)}/${region}/s3/aws4_request`;
  const signed: Record<string, string> = {
    key,
    'Content-Type': conditions.contentType,
    ...(conditions.contentDisposition ? { 'Content-Disposition': conditions.contentDisposition } : {}),
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': `${credentials.accessKeyId}/${scope}`,
    'x-amz-date': date,
    ...(credentials.sessionToken ? { 'x-amz-security-token': credentials.sessionToken } : {}),
  };
  const expires = new Date(now.getTime() + conditions.expiresInSeconds * 1000).toISOString();
  const policy = Buffer.from(
    JSON.stringify({
      expiration: expires,
      conditions: [
        { bucket: name },
        ...Object.entries(signed).map(([field, value]) => ({ [field]: value })),
        ['content-length-range', conditions.minBytes ?? 1, conditions.maxBytes],
      ],
    }),
  ).toString('base64');
  const signingKey = ['s3', 'aws4_request'].reduce<Buffer>(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${credentials.secretAccessKey}`, date.slice(0, 8)), region),
  );
  const signature = createHmac('sha256', signingKey).update(policy).digest('hex');
  return { url: await bucketUrl(client, name, region), fields: { ...signed, policy, 'x-amz-signature': signature }, expires };
}

/** The bucket's URL as the client addresses it (path-style; locally the emulator's endpoint). */
async function bucketUrl(client: Awaited<ReturnType<typeof s3>>['client'], name: string, region: string): Promise<string> {
  const config = client.config as typeof client.config & { serviceConfiguredEndpoint?: () => Promise<string | undefined> };
  const configured = await config.serviceConfiguredEndpoint?.();
  const endpoint = client.config.endpointProvider({
    Bucket: name,
    Region: region,
    ForcePathStyle: true,
    UseFIPS: false,
    UseDualStack: false,
    ...(configured ? { Endpoint: configured } : {}),
  });
  return endpoint.url.href;
}
