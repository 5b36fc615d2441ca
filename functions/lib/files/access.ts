import { buckets, type BucketName, type FileNeeds, type FileOperation } from './buckets';

/** S3 object actions, as IAM names them. */
export type ObjectAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

/** The IAM actions an operation needs on a bucket's objects. */
function actionsOf(bucket: BucketName, operation: FileOperation): ObjectAction[] {
  switch (operation) {
    case 'get':
      return ['s3:GetObject'];
    case 'put':
    case 'sign-put':
      return ['s3:PutObject'];
    case 'delete':
      return ['s3:DeleteObject'];
    case 'sign-get':
      // A signed link is read by the distribution (origin access control), not with the signer's rights.
      return buckets[bucket].served.kind === 'signed' ? [] : ['s3:GetObject'];
  }
}

/** One bucket a unit may use: its variable and exactly the object actions its operations need. */
export interface BucketGrant {
  bucket: BucketName;
  env: string;
  actions: ObjectAction[];
}

/** Per declared bucket, what the unit is given: the bucket's variable and its object actions (sorted, once each). */
export function bucketGrants(files: FileNeeds | undefined): BucketGrant[] {
  return (Object.entries(files ?? {}) as [BucketName, readonly FileOperation[]][]).map(([bucket, operations]) => ({
    bucket,
    env: buckets[bucket].env,
    actions: [...new Set(operations.flatMap((operation) => actionsOf(bucket, operation)))].sort(),
  }));
}

/** Whether the unit signs links to a `signed` bucket, and so needs the link-signing secret. */
export function signsLinks(files: FileNeeds | undefined): boolean {
  return (Object.entries(files ?? {}) as [BucketName, readonly FileOperation[]][]).some(
    ([bucket, operations]) => operations.includes('sign-get') && buckets[bucket].served.kind === 'signed',
  );
}
