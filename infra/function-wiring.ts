import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { ENV } from '../shared/runtime';
import { deliveredAs, environmentNames, secrets, unitSecrets, type FunctionNeeds, type SecretName } from '../functions/registry';
import { bucketGrants } from '../functions/lib/files/access';
import type { BucketRole } from './definitions';
import type { Data } from './constructs/data';
import { portalUrlParameterArn, portalUrlParameterName } from './constructs/portal-address';
import type { PortalFunction } from './portal-function';

/** What a function can be wired to; the pool is absent for Cognito triggers (it references them). */
export interface WiringTargets {
  data: Data;
  pool?: { userPoolId: string; userPoolClientId: string; userPoolArn: string };
  secret: (name: SecretName) => Secret;
  /** The buckets (functions/lib/files/buckets.ts) a unit's `files` may name. */
  buckets: Record<BucketRole, IBucket>;
}

/**
 * The one place a function gets its environment and grants from its registry needs: the table actions
 * it uses, the Cognito actions on the pool, its buckets' variables and exactly the object actions of
 * their operations, the secrets (as `{env}_SECRET_ID`), for mail the portal's address (as the name of
 * the parameter that holds it, and the right to read that parameter only), and nothing else. It
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
  for (const grant of bucketGrants(needs.files)) {
    const bucket = targets.buckets[grant.bucket];
    env(grant.env, bucket.bucketName);
    if (!grant.actions.length) continue;
    // Objects only, no listing: every file is addressed by the key its record (or its fresh name) holds.
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: grant.actions, resources: [bucket.arnForObjects('*')] }));
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(fn).getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/*]`,
      reason: `Objects of the ${grant.bucket} bucket are addressed by keys the function builds at run time, so it may ${grant.actions.join(', ')} any key of that bucket, and only of that bucket.`,
    });
  }
  if (needs.mail) {
    // The parameter's fixed name, not the parameter: the distribution it holds depends on this function.
    env(ENV.portalUrlParameter, portalUrlParameterName(Stack.of(fn)));
    fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [portalUrlParameterArn(Stack.of(fn))] }));
  }
  // The provider's live API; the sandbox's stands in for it only on the local stack.
  if (needs.checkoutApi) env(ENV.checkoutApiUrl, 'https://api.fastspring.com');
  for (const name of unitSecrets(needs)) {
    const secret = targets.secret(name);
    secret.grantRead(fn);
    env(`${secrets[name].env}_SECRET_ID`, secret.secretArn);
  }
  const given = new Set(Object.keys(fn.environment));
  const missing = environmentNames(needs).filter((name) => !deliveredAs(name).some((variable) => given.has(variable)));
  if (missing.length) throw new Error(`${fn.node.path} lacks ${missing.join(', ')}`);
}
