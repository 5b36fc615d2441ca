import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
  type LifecycleRule,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { browserUploadCors } from '../../functions/lib/files/buckets';
import { bucketRoles, buckets as declared, type BucketRole } from '../definitions';

const keepNoncurrentVersions: LifecycleRule = {
  id: 'expire-old-versions',
  noncurrentVersionExpiration: Duration.days(90),
  abortIncompleteMultipartUploadAfter: Duration.days(7),
};

/**
 * The S3 buckets as declared (functions/lib/files/buckets.ts: versioning, expiry), all private, TLS-only,
 * S3-managed encryption, each logging its requests to one access-log bucket, which also receives the
 * CloudFront logs. How each is served is the Web construct's part; who may use which is function-wiring's.
 */
export class Files extends Construct {
  readonly buckets: Record<BucketRole, Bucket>;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    this.accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      // Server access logging requires SSE-S3 on the target bucket.
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL, so ACLs must stay enabled on this bucket.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const buckets = {} as Record<BucketRole, Bucket>;
    for (const role of bucketRoles) {
      const declaration: { versioned: boolean; expireAfterDays?: number; browserUploads?: true } = declared[role];
      const lifecycleRules: LifecycleRule[] = declaration.versioned
        ? [keepNoncurrentVersions]
        : [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) }];
      if (declaration.expireAfterDays !== undefined) {
        lifecycleRules.push({ id: `expire-${role}`, expiration: Duration.days(declaration.expireAfterDays) });
      }
      buckets[role] = new Bucket(this, bucketId(role), {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
        versioned: declaration.versioned,
        lifecycleRules,
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: `s3/${role}/`,
        removalPolicy: RemovalPolicy.RETAIN,
        ...(declaration.browserUploads
          ? {
              cors: [
                {
                  allowedMethods: browserUploadCors.allowedMethods.map((method) => HttpMethods[method]),
                  allowedOrigins: [...browserUploadCors.allowedOrigins],
                  allowedHeaders: [...browserUploadCors.allowedHeaders],
                  maxAge: browserUploadCors.maxAgeSeconds,
                },
              ],
            }
          : {}),
      });
    }
    this.buckets = buckets;
  }
}

function bucketId(role: BucketRole): string {
  return `${role.charAt(0).toUpperCase()}${role.slice(1)}Bucket`;
}
