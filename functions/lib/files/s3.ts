import type { S3Client } from '@aws-sdk/client-s3';
import { awsClientConfig } from '../aws-client-config';
import { functionEnv } from '../runtime-env';
import { buckets, type BucketName } from './buckets';

type S3Sdk = typeof import('@aws-sdk/client-s3');
let loaded: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

/**
 * The function's one S3 client and its SDK, loaded on first use: a function call that touches no file
 * never loads the S3 SDK (it costs cold-start time). Region and endpoint come from the SDK's own
 * environment (locally AWS_ENDPOINT_URL_S3 points it at s3rver, which needs path-style addressing).
 */
export function s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
  loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    client: new sdk.S3Client({ ...awsClientConfig, forcePathStyle: true }),
  }));
  return loaded;
}

/** Whether the running unit declared this bucket in its registry `files`. */
export const declaresBucket = (bucket: BucketName): boolean => Boolean(functionEnv()[buckets[bucket].env]);

/** The name of a bucket the running unit declared in its registry `files`; fails naming the variable otherwise. */
export function bucketName(bucket: BucketName): string {
  const variable = buckets[bucket].env;
  const name = functionEnv()[variable];
  if (!name) throw new Error(`Function environment lacks ${variable}: the unit does not declare the ${bucket} bucket in its registry files`);
  return name;
}
