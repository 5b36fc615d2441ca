import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type CfnBucket,
  type LifecycleRule,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { bucketRoles, exportsExpireAfterDays, type BucketRole } from '../definitions';

/** Buckets whose objects are edited in place keep old versions for a while; generated ones do not. */
const versioned: Record<BucketRole, boolean> = {
  web: false, // rebuilt from the repository on every deploy
  data: true, // versions.json is edited by hand: keep the previous one
  downloads: true, // release packages: an overwrite must be recoverable
  attachments: true, // customers' files
  exports: false, // CSV exports live for minutes
  ivcurves: true, // customers' files: an update's replaced file stays recoverable
  lists: false, // snapshots, rewritten every hour from the table
};

const keepNoncurrentVersions: LifecycleRule = {
  id: 'expire-old-versions',
  noncurrentVersionExpiration: Duration.days(90),
  abortIncompleteMultipartUploadAfter: Duration.days(7),
};

/**
 * The S3 buckets by role (definitions.buckets), all private, TLS-only, S3-managed encryption, each
 * logging its requests to one access-log bucket, which also receives the CloudFront logs.
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
      const lifecycleRules: LifecycleRule[] = versioned[role]
        ? [keepNoncurrentVersions]
        : [{ id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) }];
      if (role === 'exports') {
        lifecycleRules.push({ id: 'expire-exports', expiration: Duration.days(exportsExpireAfterDays) });
      }
      buckets[role] = new Bucket(this, bucketId(role), {
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: BucketEncryption.S3_MANAGED,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
        versioned: versioned[role],
        lifecycleRules,
        serverAccessLogsBucket: this.accessLogs,
        serverAccessLogsPrefix: `s3/${role}/`,
        removalPolicy: RemovalPolicy.RETAIN,
      });
    }
    this.buckets = buckets;
  }

  /**
   * Grants object access in one bucket: GetObject (and ListBucket, so a missing key reads as 404, not
   * 403) and for readWrite also PutObject and DeleteObject. The object ARN necessarily ends in `/*`;
   * that one cdk-nag finding is acknowledged on the grantee's construct.
   */
  grantObjects(grantee: IGrantable & Construct, role: BucketRole, access: 'read' | 'readWrite'): void {
    const bucket = this.buckets[role];
    Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [bucket.bucketArn] });
    Grant.addToPrincipal({
      grantee,
      actions: access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      resourceArns: [bucket.arnForObjects('*')],
    });
    const logicalId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket);
    Validations.of(grantee).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/*]`,
      reason: `Objects of the ${role} bucket are addressed by keys the handler builds at run time; an object ARN needs the /* wildcard and names only this bucket.`,
    });
  }
}

function bucketId(role: BucketRole): string {
  return `${role.charAt(0).toUpperCase()}${role.slice(1)}Bucket`;
}
