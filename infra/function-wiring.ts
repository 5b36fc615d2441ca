import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ENV } from '../shared/runtime';
import { environmentNames, secrets, type FunctionNeeds, type SecretName } from '../functions/registry';
import type { Data } from './constructs/data';
import type { PortalFunction } from './portal-function';

/** What a function can be wired to; the pool is absent for Cognito triggers (it references them). */
export interface WiringTargets {
  data: Data;
  pool?: { userPoolId: string; userPoolClientId: string; userPoolArn: string };
  secret: (name: SecretName) => Secret;
  /** Where CSV exports go; absent for Cognito triggers, which write none. */
  exportsBucket?: IBucket;
  /** Where IV curve files are kept; absent for Cognito triggers. */
  ivCurvesBucket?: IBucket;
  /** The admin lists' snapshots; absent for Cognito triggers, which hold no list. */
  listSnapshotsBucket?: IBucket;
}

/**
 * The one place a function gets its environment and grants from its registry needs: the table actions
 * it uses, the Cognito actions on the pool, the secrets (as `{env}_SECRET_ID`), and nothing else. It
 * checks at the end that the function holds every variable its unit validates at start.
 */
export function wireFunction(fn: PortalFunction, needs: FunctionNeeds, targets: WiringTargets): void {
  const env = (name: string, value: string) => fn.addEnvironment(name, value);
  if (needs.table?.length) {
    env(ENV.tableName, targets.data.table.tableName);
    targets.data.grantActions(fn, needs.table);
  }
  if (needs.poolIds) {
    if (!targets.pool) throw new Error(`${fn.node.path}: a trigger cannot be given the pool's ids`);
    env(ENV.userPoolId, targets.pool.userPoolId);
    env(ENV.userPoolClientId, targets.pool.userPoolClientId);
  }
  if (needs.userPool?.length) {
    const actions = needs.userPool.map((action) => `cognito-idp:${action}`);
    if (targets.pool) {
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [targets.pool.userPoolArn] }));
    } else {
      // A trigger: naming the pool's ARN would make the function depend on the pool that depends on it.
      fn.role.addToPrincipalPolicy(
        new PolicyStatement({
          actions,
          resources: [Stack.of(fn).formatArn({ service: 'cognito-idp', resource: 'userpool', resourceName: '*' })],
        }),
      );
      Validations.of(fn).acknowledge({
        id: 'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:cognito-idp:<AWS::Region>:<AWS::AccountId>:userpool/*]',
        reason: `A Cognito trigger acts on the pool that invokes it, whose ARN it cannot name (the pool references the trigger: a circular dependency). Scope: ${actions.join(', ')}, this account and region.`,
      });
    }
  }
  if (needs.exports) {
    if (!targets.exportsBucket) throw new Error(`${fn.node.path}: no exports bucket to write to`);
    const bucket = targets.exportsBucket;
    env(ENV.exportsBucket, bucket.bucketName);
    // PutObject only: an export is written once under a fresh random name, never read back or listed.
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [bucket.arnForObjects('*')] }));
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(fn).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      reason: 'Each CSV export is a new object with a random name, so the function writes any key of the exports bucket (PutObject only).',
    });
  }
  if (needs.ivCurves) {
    if (!targets.ivCurvesBucket) throw new Error(`${fn.node.path}: no IV curves bucket to keep files in`);
    const bucket = targets.ivCurvesBucket;
    env(ENV.ivCurvesBucket, bucket.bucketName);
    // Objects only, no listing: each file is read, written and deleted by the key its record holds.
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], resources: [bucket.arnForObjects('*')] }),
    );
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(fn).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      reason: 'Each IV curve file is an object keyed by its curve id and version, so the function reads, writes and deletes any key of the IV curves bucket, and only that bucket.',
    });
  }
  if (needs.listSnapshots) {
    if (!targets.listSnapshotsBucket) throw new Error(`${fn.node.path}: no list snapshots bucket`);
    const bucket = targets.listSnapshotsBucket;
    env(ENV.listSnapshotsBucket, bucket.bucketName);
    // One object per list kind, by a key the code builds: read (and written by the snapshot job), never listed.
    const actions = needs.listSnapshots === 'write' ? ['s3:GetObject', 's3:PutObject'] : ['s3:GetObject'];
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(fn).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      reason: 'Each admin list kind has one snapshot object keyed by the kind, so the function reads (the job: writes) any key of the list snapshots bucket, and only that bucket.',
    });
  }
  // The provider's live API; the sandbox's stands in for it only on the local stack.
  if (needs.checkoutApi) env(ENV.checkoutApiUrl, 'https://api.fastspring.com');
  for (const name of needs.secrets ?? []) {
    const secret = targets.secret(name);
    secret.grantRead(fn);
    env(`${secrets[name].env}_SECRET_ID`, secret.secretArn);
  }
  const given = new Set(Object.keys(fn.environment));
  const missing = environmentNames(needs).filter((name) => !given.has(name) && !given.has(`${name}_SECRET_ID`));
  if (missing.length) throw new Error(`${fn.node.path} lacks ${missing.join(', ')}`);
}
