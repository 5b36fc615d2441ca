import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { beforeAll, describe, expect, it } from 'vitest';
import { unpublishedBuildFiles } from '../../infra/constructs/web';
import {
  appClient,
  bucketRoles,
  buckets,
  dataTable,
  passwordPolicy,
  userPoolAttributes,
  type BucketRole,
} from '../../infra/definitions';
import { repoRoot } from '../../infra/paths';
import { endpoints, jobs, triggers, type EndpointUnit, type SecretName, type TriggerUnit } from '../../functions/registry';
import { ADMIN_GROUP, ORIGIN_VERIFY_HEADER } from '../../shared/runtime';
import { placeholderAddresses } from '../../shared/placeholder-address';
import { webConfigSchema } from '../../shared/web-config';
import {
  arnOf,
  asList,
  assetDirOf,
  filesBelow,
  logicalIdOf,
  ref,
  resourcesOfType,
  spaEntryChunk,
  statementsOfRole,
  sharedPortal,
  type Statement,
  type SynthesizedPortal,
} from './synth';
import { deployedUnits, expectWiredExactly, secretOf, statementsOf, type DeployedUnit } from './units';

type Resources = SynthesizedPortal['json']['Resources'];

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = sharedPortal();
});

/** Renders an Fn::Join of strings and Refs as one string, Refs as ${Name}. */
function joined(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (join) return join[1].map(joined).join(join[0]);
  const name = (value as { Ref?: string }).Ref;
  if (name) return `\${${name}}`;
  throw new Error(`cannot render ${JSON.stringify(value)}`);
}

const managedCachePolicy = {
  cachingDisabled: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
  cachingOptimized: '658327ea-f89d-4fab-a63d-7e88639e58f6',
};
const allViewerExceptHostHeader = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/**
 * A copy of the real SPA build (web/dist): a `npm run build` running meanwhile empties web/dist under
 * a reader, so copy it, and try again a few times if it changed while being copied.
 */
async function snapshotOfBuild(into: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      rmSync(into, { recursive: true, force: true });
      cpSync(path.join(repoRoot, 'web/dist'), into, { recursive: true });
      if (existsSync(path.join(into, 'index.html'))) return into;
      if (attempt === 5) throw new Error('web/dist has no index.html: run `npm run build`');
    } catch (error) {
      if (attempt === 5) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

describe('identity', () => {
  it('builds the user pool password policy from definitions.passwordPolicy', () => {
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireUppercase: passwordPolicy.requireUppercase,
          RequireLowercase: passwordPolicy.requireLowercase,
          RequireNumbers: passwordPolicy.requireDigits,
          RequireSymbols: passwordPolicy.requireSymbols,
        },
      },
    });
  });

  it('lets people sign up themselves and sign in with a username, not an email', () => {
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: Match.absent(),
      AliasAttributes: Match.absent(),
      AutoVerifiedAttributes: ['email'],
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE' }),
    });
  });

  it('requires the standard sign-up attributes and declares the custom ones', () => {
    const [[, pool]] = resourcesOfType(portal.json.Resources, 'AWS::Cognito::UserPool') as [[string, Resources[string]]];
    const schema = pool.Properties?.Schema as { Name: string; Required?: boolean; AttributeDataType?: string }[];
    for (const name of userPoolAttributes.standard) {
      expect(schema).toContainEqual(expect.objectContaining({ Name: name, Required: true }));
    }
    for (const attribute of userPoolAttributes.custom) {
      expect(schema).toContainEqual(
        expect.objectContaining({ Name: attribute.name, AttributeDataType: attribute.type, Mutable: true }),
      );
    }
    expect(schema).toContainEqual(
      expect.objectContaining({ Name: 'company', StringAttributeConstraints: { MaxLength: '256' } }),
    );
  });

  it('keeps the user pool when the stack goes away', () => {
    portal.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });

  it('has the Admin group', () => {
    portal.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: ADMIN_GROUP,
      UserPoolId: ref(logicalIdOf(portal.stack, portal.stack.identity.userPool)),
    });
  });

  it('gives the SPA a public client with password and refresh flows only and the defined token lifetimes', () => {
    const clients = resourcesOfType(portal.json.Resources, 'AWS::Cognito::UserPoolClient');
    expect(clients).toHaveLength(1);
    const props = clients[0]![1].Properties!;
    expect(props.GenerateSecret).toBe(false);
    expect([...(props.ExplicitAuthFlows as string[])].sort()).toEqual([...appClient.authFlows].sort());
    expect(props).toMatchObject({
      ClientName: appClient.name,
      AccessTokenValidity: appClient.accessTokenValidityMinutes,
      IdTokenValidity: appClient.idTokenValidityMinutes,
      RefreshTokenValidity: appClient.refreshTokenValidityDays * 24 * 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
      AllowedOAuthFlowsUserPoolClient: false,
    });
  });

  it('lets users write only the sign-up attributes through the client (appClient.writeAttributes)', () => {
    const [[, client]] = resourcesOfType(portal.json.Resources, 'AWS::Cognito::UserPoolClient') as [[string, Resources[string]]];
    const written = client.Properties!.WriteAttributes as string[];
    expect([...written].sort()).toEqual([...appClient.writeAttributes].sort());
    expect(written).not.toContain('email_verified');
  });

  it('offers optional two-factor sign-in with an authenticator app only (no SMS)', () => {
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      SmsConfiguration: Match.absent(),
    });
  });

  it('keeps the verified email until a changed one is verified', () => {
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  /** The user pool's LambdaConfig key of each CDK trigger name. */
  const lambdaConfigKey = {
    preSignUp: 'PreSignUp',
    postConfirmation: 'PostConfirmation',
    customMessage: 'CustomMessage',
    preTokenGeneration: 'PreTokenGeneration',
  } as const satisfies Record<TriggerUnit['cdkTrigger'], string>;

  it('builds one function per registry trigger, under its construct id', () => {
    expect(Object.keys(portal.stack.identity.triggers).sort()).toEqual(Object.keys(triggers).sort());
    for (const [name, trigger] of Object.entries(triggers)) {
      expect(portal.stack.identity.triggers[name]!.node.id).toBe(trigger.construct);
    }
  });

  it('wires every registry trigger to its function, and no other trigger', () => {
    const fnId = (name: string) => logicalIdOf(portal.stack, portal.stack.identity.triggers[name]!.function);
    const [[, pool]] = resourcesOfType(portal.json.Resources, 'AWS::Cognito::UserPool') as [[string, Resources[string]]];
    expect(pool.Properties!.LambdaConfig).toEqual(
      Object.fromEntries(Object.entries(triggers).map(([name, trigger]) => [lambdaConfigKey[trigger.cdkTrigger], arnOf(fnId(name))])),
    );
    for (const name of Object.keys(triggers)) {
      portal.template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        FunctionName: arnOf(fnId(name)),
        Principal: 'cognito-idp.amazonaws.com',
      });
    }
  });

  it('lets the pre-signup trigger read users (AdminGetUser, no ListUsers) in this account and region, and read and claim emails in the table', () => {
    const statements = statementsOfRole(
      portal.json.Resources,
      logicalIdOf(portal.stack, portal.stack.identity.triggers['pre-signup']!.role),
    );
    const cognito = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito.flatMap((s) => asList(s.Action))).toEqual(['cognito-idp:AdminGetUser']);
    expect(JSON.stringify(cognito[0]!.Resource)).toContain(':userpool/*');
    expect(JSON.stringify(cognito[0]!.Resource)).toContain('AWS::AccountId');
    const dynamo = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('dynamodb:')));
    expect(dynamo.flatMap((s) => asList(s.Action)).sort()).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem']);
    expect(asList(dynamo[0]!.Resource)).toContainEqual(arnOf(logicalIdOf(portal.stack, portal.stack.data.table)));
  });
});

describe('data', () => {
  it('builds the one table with the keys and indexes of definitions.dataTable', () => {
    portal.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    portal.template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: dataTable.partitionKey, KeyType: 'HASH' },
        { AttributeName: dataTable.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: dataTable.globalIndexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      BillingMode: 'PAY_PER_REQUEST',
    });
    const [[, table]] = resourcesOfType(portal.json.Resources, 'AWS::DynamoDB::Table') as [[string, Resources[string]]];
    const keys = [dataTable.partitionKey, dataTable.sortKey, ...dataTable.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
    expect(table.Properties!.AttributeDefinitions).toEqual(
      expect.arrayContaining(keys.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
  });

  it('protects the table: point-in-time recovery, deletion protection, retained on stack deletion, TTL', () => {
    portal.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        TimeToLiveSpecification: { AttributeName: dataTable.timeToLiveAttribute, Enabled: true },
      }),
    });
  });
});

describe('files', () => {
  const bucketId = (role: BucketRole) => logicalIdOf(portal.stack, portal.stack.files.buckets[role]);

  it('has one bucket per role plus the access-log bucket', () => {
    portal.template.resourceCountIs('AWS::S3::Bucket', bucketRoles.length + 1);
  });

  it('keeps every bucket private, encrypted and TLS-only', () => {
    const bucketsInTemplate = resourcesOfType(portal.json.Resources, 'AWS::S3::Bucket');
    const policies = resourcesOfType(portal.json.Resources, 'AWS::S3::BucketPolicy').map(([, p]) => p.Properties!);
    for (const [logicalId, bucket] of bucketsInTemplate) {
      expect(bucket.Properties, logicalId).toMatchObject({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
      });
      const policy = policies.find((p) => JSON.stringify(p.Bucket) === JSON.stringify(ref(logicalId)));
      const statements = (policy?.PolicyDocument as { Statement: Statement[] } | undefined)?.Statement ?? [];
      expect(statements, `${logicalId} has no SSL-only statement`).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
    }
  });

  it('logs every role bucket to the access-log bucket', () => {
    const logs = logicalIdOf(portal.stack, portal.stack.files.accessLogs);
    for (const role of bucketRoles) {
      expect(portal.json.Resources[bucketId(role)]!.Properties!.LoggingConfiguration).toEqual({
        DestinationBucketName: ref(logs),
        LogFilePrefix: `s3/${role}/`,
      });
    }
  });

  it('expires the objects of a bucket whose declaration says so (exports, a day after they were written), and no others', () => {
    expect(buckets.exports.expireAfterDays).toBe(1);
    for (const role of bucketRoles) {
      const rules = (portal.json.Resources[bucketId(role)]!.Properties!.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      const expiring = rules.filter((rule) => 'ExpirationInDays' in rule);
      const days: number | undefined = (buckets[role] as { expireAfterDays?: number }).expireAfterDays;
      expect(expiring, role).toEqual(days === undefined ? [] : [expect.objectContaining({ ExpirationInDays: days, Status: 'Enabled' })]);
    }
  });

  it('removes what browsers left in staging (an abandoned upload, a form posted again after completion) a day after it was written, and keeps no versions of it', () => {
    const staging = portal.json.Resources[bucketId('staging')]!.Properties!;
    expect((staging.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' }),
    );
    expect(staging.VersioningConfiguration).toBeUndefined();
  });

  it('answers CORS for POST only on the buckets browsers upload into (staging, news pictures)', () => {
    for (const role of bucketRoles) {
      const cors = portal.json.Resources[bucketId(role)]!.Properties!.CorsConfiguration as { CorsRules: { AllowedMethods: string[] }[] } | undefined;
      if (role === 'staging' || role === 'news') expect(cors?.CorsRules.map((rule) => rule.AllowedMethods)).toEqual([['POST']]);
      else expect(cors, role).toBeUndefined();
    }
  });

  it('versions exactly the buckets declared versioned (objects edited in place)', () => {
    expect(bucketRoles.filter((role) => buckets[role].versioned).sort()).toEqual(['attachments', 'data', 'downloads', 'ivcurves']);
    for (const role of bucketRoles) {
      const versioning = portal.json.Resources[bucketId(role)]!.Properties!.VersioningConfiguration;
      expect(versioning, role).toEqual(buckets[role].versioned ? { Status: 'Enabled' } : undefined);
    }
  });
});

describe('functions', () => {
  let units: DeployedUnit[];
  beforeAll(() => {
    units = deployedUnits(portal.stack);
  });
  const labels = [
    ...Object.keys(endpoints).map((name) => `endpoint ${name}`),
    ...Object.keys(triggers).map((name) => `trigger ${name}`),
    ...Object.keys(jobs).map((name) => `job ${name}`),
  ];
  const unit = (label: string) => units.find((u) => u.label === label)!;

  it('deploys one Node.js function per registry endpoint, trigger and job, and no other', () => {
    const nodeFunctions = resourcesOfType(portal.json.Resources, 'AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties!.Runtime).startsWith('nodejs'),
    );
    expect(nodeFunctions.map(([logicalId]) => logicalId).sort()).toEqual(
      units.map((u) => logicalIdOf(portal.stack, u.fn.function)).sort(),
    );
    expect(Object.keys(portal.stack.api.functions).sort()).toEqual(Object.keys(endpoints).sort());
    expect(Object.keys(portal.stack.jobs.functions).sort()).toEqual(Object.keys(jobs).sort());
  });

  it.each(labels)('%s runs on Node.js 22 or newer, ARM64, 512 MB unless its registry entry says, within its caller\'s time limit', (label) => {
    const { fn, kind, name } = unit(label);
    const props = portal.json.Resources[logicalIdOf(portal.stack, fn.function)]!.Properties!;
    expect(Number(/^nodejs(\d+)\.x$/.exec(String(props.Runtime))?.[1])).toBeGreaterThanOrEqual(22);
    const endpoint: EndpointUnit | undefined = kind === 'endpoint' ? endpoints[name as keyof typeof endpoints] : undefined;
    expect(props).toMatchObject({ Architectures: ['arm64'], MemorySize: endpoint?.memoryMb ?? 512, Handler: 'index.handler' });
    // Cognito waits 5 seconds for a trigger; the HTTP API 30 seconds for an integration.
    if (kind === 'trigger') expect(props.Timeout).toBeLessThanOrEqual(5);
    if (kind === 'endpoint') expect(props.Timeout).toBeLessThan(30);
  });

  it.each(labels)('%s holds exactly the grants and environment of its registry needs', (label) => {
    expectWiredExactly(portal, unit(label));
  });

  it.each(labels)('%s may use exactly the DynamoDB actions of its registry needs (endpoints: endpointNeeds), no more', (label) => {
    const { fn, needs } = unit(label);
    const dynamoActions = statementsOf(portal, fn)
      .flatMap((s) => asList(s.Action))
      .filter((action) => action.startsWith('dynamodb:'));
    expect(dynamoActions.sort()).toEqual([...(needs.table ?? [])].map((action) => `dynamodb:${action}`).sort());
  });

  it('gives every cmd endpoint the session check: Query on the table, the user\'s groups and MFA in Cognito, the pool ids and the origin secret; a webhook only the origin secret', () => {
    for (const u of units.filter((x) => x.kind === 'endpoint')) {
      const webhook = 'webhook' in (endpoints[u.name as keyof typeof endpoints] ?? {});
      expect(JSON.stringify(statementsOf(portal, u.fn))).toContain(logicalIdOf(portal.stack, secretOf(portal.stack, 'originVerify')));
      if (webhook) {
        expect(statementsOf(portal, u.fn).flatMap((s) => asList(s.Action)).filter((a) => a.startsWith('cognito-idp:')), u.label).toEqual([]);
        continue;
      }
      const actions = statementsOf(portal, u.fn).flatMap((s) => asList(s.Action));
      expect(actions, u.label).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'cognito-idp:AdminListGroupsForUser', 'cognito-idp:AdminGetUser']),
      );
      expect(JSON.stringify(statementsOf(portal, u.fn))).toContain(logicalIdOf(portal.stack, secretOf(portal.stack, 'originVerify')));
    }
  });

  it('lets no function but the two jobs list users (cognito-idp:ListUsers)', () => {
    const listing = units
      .filter((u) => statementsOf(portal, u.fn).some((s) => asList(s.Action).includes('cognito-idp:ListUsers')))
      .map((u) => u.label);
    expect(listing.sort()).toEqual(['job delete-accounts', 'job purge-unconfirmed']);
  });

  it('lets each function write only to its own log group, without AWS managed policies', () => {
    for (const { fn, label } of units) {
      const roleId = logicalIdOf(portal.stack, fn.role);
      expect(portal.json.Resources[roleId]!.Properties!.ManagedPolicyArns, label).toBeUndefined();
      const logs = statementsOfRole(portal.json.Resources, roleId).filter((s) => asList(s.Action).some((a) => a.startsWith('logs:')));
      expect(logs, label).toEqual([expect.objectContaining({ Resource: arnOf(logicalIdOf(portal.stack, fn.logGroup)) })]);
      const retention = portal.json.Resources[logicalIdOf(portal.stack, fn.logGroup)]!.Properties!.RetentionInDays;
      expect(retention, label).toBeGreaterThanOrEqual(30);
    }
  });
});

describe('api', () => {
  const functionId = (name: string) => logicalIdOf(portal.stack, portal.stack.api.functions[name]!.function);
  const stageOf = () => {
    const stages = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Stage');
    expect(stages).toHaveLength(1);
    return stages[0]![1] as Resources[string] & { DependsOn?: string | string[] };
  };

  it.each(Object.entries(endpoints).map(([name, endpoint]) => [endpoint.path, name] as const))(
    'routes POST /api/%s to its function with payload format 2.0',
    (path, name) => {
      const integrations = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Integration').filter(
        ([, integration]) => JSON.stringify(integration.Properties!.IntegrationUri) === JSON.stringify(arnOf(functionId(name))),
      );
      expect(integrations).toHaveLength(1);
      expect(integrations[0]![1].Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      portal.template.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: `POST /api/${path}`,
        Target: { 'Fn::Join': ['', ['integrations/', ref(integrations[0]![0])]] },
      });
    },
  );

  it('has the route POST /api/user', () => {
    portal.template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/user' });
  });

  it("routes GET /api/case/attachments/… to the case function: the spec's attachment path opened with a token", () => {
    const [route] = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties!.RouteKey === 'GET /api/case/attachments/{proxy+}');
    const casePost = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties!.RouteKey === 'POST /api/case');
    expect(route?.[1].Properties!.Target).toEqual(casePost![1].Properties!.Target);
  });

  it('throttles the API stage and writes access logs', () => {
    portal.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it('throttles every endpoint route on its own, with the registry\'s rate and burst, in CloudFormation\'s property names', () => {
    expect(stageOf().Properties!.RouteSettings).toEqual(
      Object.fromEntries(
        // Each endpoint's own path, and the paths of names it answers as not offered (decision 036).
        Object.values(endpoints).flatMap((endpoint: EndpointUnit) =>
          [
            ...[endpoint.path, ...(endpoint.notOfferedPaths ?? [])].map((path) => `POST /api/${path}`),
            ...(endpoint.path === 'case' ? ['GET /api/case/attachments/{proxy+}'] : []),
          ].map((key) => [key, { ThrottlingRateLimit: endpoint.throttle.rate, ThrottlingBurstLimit: endpoint.throttle.burst }]),
        ),
      ),
    );
  });

  it('creates the stage after the routes its route settings name (the API refuses settings for a route it does not have yet)', () => {
    const stage = stageOf();
    const routes = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Route');
    const dependsOn = asList(stage.DependsOn ?? []);
    for (const key of Object.keys(stage.Properties!.RouteSettings as object)) {
      const route = routes.find(([, r]) => r.Properties!.RouteKey === key);
      expect(route, `no route ${key}`).toBeDefined();
      expect(dependsOn, `the stage does not depend on the route ${key}`).toContain(route![0]);
    }
  });
});

describe('web', () => {
  type Behavior = Record<string, unknown> & { PathPattern?: string; TargetOriginId: string };
  let config: { CacheBehaviors: Behavior[]; DefaultCacheBehavior: Behavior; Origins: { Id: string; DomainName: unknown }[] } & Record<string, unknown>;
  beforeAll(() => {
    const [[, distribution]] = resourcesOfType(portal.json.Resources, 'AWS::CloudFront::Distribution') as [[string, Resources[string]]];
    config = distribution.Properties!.DistributionConfig as typeof config;
  });
  const behavior = (pattern: string) => config.CacheBehaviors.find((b) => b.PathPattern === pattern);
  const originOf = (b: Behavior) => config.Origins.find((o) => o.Id === b.TargetOriginId)!;
  const bucketDomain = (role: BucketRole) => ({
    'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.files.buckets[role]), 'RegionalDomainName'],
  });

  it('sends /api/* uncached, with every method and the viewer headers, to the HTTP API', () => {
    const api = behavior('/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: managedCachePolicy.cachingDisabled,
      OriginRequestPolicyId: allViewerExceptHostHeader,
      ViewerProtocolPolicy: 'https-only',
    });
    expect([...(api.AllowedMethods as string[])].sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(JSON.stringify(originOf(api).DomainName)).toContain(logicalIdOf(portal.stack, portal.stack.api.httpApi));
    expect(api.FunctionAssociations).toBeUndefined();
  });

  it(`sends the ${ORIGIN_VERIFY_HEADER} header to the API with the originVerify secret, resolved at deploy time, never literal`, () => {
    expect(ORIGIN_VERIFY_HEADER).toBe('x-origin-verify');
    const origin = originOf(behavior('/api/*')!) as unknown as { OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] };
    const headers = (origin.OriginCustomHeaders ?? []).filter((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(headers).toHaveLength(1);
    const value = headers[0]!.HeaderValue;
    expect(typeof value).not.toBe('string');
    const secretId = logicalIdOf(portal.stack, secretOf(portal.stack, 'originVerify'));
    expect(value).toEqual({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', ref(secretId), ':SecretString:::}}']] });
    // The API functions compare with the same secret.
    for (const fn of Object.values(portal.stack.api.functions)) {
      expect(portal.json.Resources[logicalIdOf(portal.stack, fn.function)]!.Properties!.Environment).toMatchObject({
        Variables: { ORIGIN_VERIFY_SECRET_SECRET_ID: ref(secretId) },
      });
    }
  });

  it('sends the origin secret to the API origin only', () => {
    const apiOrigin = originOf(behavior('/api/*')!);
    for (const origin of config.Origins.filter((o) => o.Id !== apiOrigin.Id)) {
      expect((origin as unknown as Record<string, unknown>).OriginCustomHeaders, origin.Id).toBeUndefined();
    }
  });

  const functionArn = (id: string) => ({ 'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.web.node.findChild(id) as never), 'FunctionARN'] });

  it.each([
    ['/data/*', 'data'],
    ['/downloads/*', 'downloads'],
    ['/news-media/*', 'news'],
  ] as const)('serves %s from the %s bucket through origin access control, prefix stripped', (pattern, role) => {
    expect(buckets[role].served).toMatchObject({ kind: 'path', path: pattern.replace('/*', '') });
    const b = behavior(pattern)!;
    expect(b, pattern).toBeDefined();
    const origin = originOf(b) as unknown as Record<string, unknown>;
    expect(origin.DomainName).toEqual(bucketDomain(role));
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: functionArn('StripPrefix') }]);
  });

  it.each([
    ['/umdata/*', 'exports'],
    ['/attachments/*', 'attachments'],
  ] as const)('serves %s from the %s bucket only through signed links checked at the edge, never cached', (pattern, role) => {
    expect(buckets[role].served).toMatchObject({ kind: 'signed', path: pattern.replace('/*', '') });
    const b = behavior(pattern)!;
    expect(b, pattern).toBeDefined();
    const origin = originOf(b) as unknown as Record<string, unknown>;
    expect(origin.DomainName).toEqual(bucketDomain(role));
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(b.CachePolicyId).toBe(managedCachePolicy.cachingDisabled);
    expect(b.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: functionArn('SignedLinkCheck') }]);
  });

  it('gives the signed-link check the link-signing secret as a deploy-time reference, never its value', () => {
    const checkId = logicalIdOf(portal.stack, portal.stack.web.node.findChild('SignedLinkCheck') as never);
    const code = portal.json.Resources[checkId]!.Properties!.FunctionCode;
    expect(typeof code).not.toBe('string');
    const secretId = logicalIdOf(portal.stack, secretOf(portal.stack, 'linkSigning'));
    const text = JSON.stringify(code);
    expect(text).toContain(`{{resolve:secretsmanager:",${JSON.stringify(ref(secretId))},":SecretString:::}}`);
  });

  it('serves no bucket but those declared with a path (the private IV curves bucket has no origin)', () => {
    const served = bucketRoles.filter((role) => buckets[role].served.kind !== 'private');
    expect(served.sort()).toEqual(['attachments', 'data', 'downloads', 'exports', 'news', 'web']);
    const domain = JSON.stringify(bucketDomain('ivcurves'));
    expect(config.Origins.filter((o) => JSON.stringify(o.DomainName) === domain)).toEqual([]);
    expect(config.CacheBehaviors.map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/attachments/*', '/data/*', '/downloads/*', '/news-media/*', '/umdata/*']);
  });

  it('serves the SPA from the web bucket with the extension-less-path fallback, and no error pages', () => {
    const spa = config.DefaultCacheBehavior;
    expect(originOf(spa).DomainName).toEqual(bucketDomain('web'));
    expect(spa.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.web.node.findChild('SpaFallback') as never), 'FunctionARN'] },
      },
    ]);
    // Distribution-wide error pages would also rewrite the API's 404s into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('puts the security headers on every behaviour', () => {
    const policyId = logicalIdOf(portal.stack, portal.stack.web.node.findChild('SecurityHeaders') as never);
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(b.ResponseHeadersPolicyId, b.PathPattern ?? 'default').toEqual(ref(policyId));
    }
    const headers = (portal.json.Resources[policyId]!.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(Number(headers.StrictTransportSecurity!.AccessControlMaxAgeSec)).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const csp = joined(headers.ContentSecurityPolicy!.ContentSecurityPolicy).split('; ');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("connect-src 'self' https://cognito-idp.${AWS::Region}.amazonaws.com https://s3.${AWS::Region}.amazonaws.com");
  });

  it('logs viewer requests to the access-log bucket', () => {
    expect(config.Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.files.accessLogs), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('deploys /config.json with the pool, the client, the region and the API base, as shared/web-config.ts reads it', () => {
    const deployments = resourcesOfType(portal.json.Resources, 'Custom::CDKBucketDeployment').map(([, d]) => d.Properties!);
    const entry = deployments.find((d) => (d.SourceMarkers as object[] | undefined)?.some((m) => Object.keys(m).length > 0))!;
    expect(entry).toMatchObject({
      DestinationBucketName: ref(logicalIdOf(portal.stack, portal.stack.files.buckets.web)),
      DistributionPaths: ['/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      Prune: true,
    });

    // The jsonData source is an asset holding config.json with markers that the deployment replaces.
    const keys = entry.SourceObjectKeys as string[];
    const markers = entry.SourceMarkers as Record<string, unknown>[];
    const index = markers.findIndex((m) => Object.keys(m).length > 0);
    const assetDir = assetDirOf(portal.outdir, keys[index]!);
    expect(readdirSync(assetDir)).toEqual(['config.json']);
    const written = JSON.parse(readFileSync(path.join(assetDir, 'config.json'), 'utf8')) as Record<string, unknown>;
    const deployed = Object.fromEntries(
      Object.entries(written).map(([key, value]) => [key, typeof value === 'string' && value in markers[index]! ? markers[index]![value] : value]),
    );
    expect(deployed).toEqual({
      region: ref('AWS::Region'),
      userPoolId: ref(logicalIdOf(portal.stack, portal.stack.identity.userPool)),
      userPoolClientId: ref(logicalIdOf(portal.stack, portal.stack.identity.appClient)),
      apiBase: '/api',
      redirectOrigins: [],
      local: false,
    });
    // With the markers standing in for the deploy-time values, the file passes the SPA's own schema.
    expect(webConfigSchema.safeParse(written).success).toBe(true);
  });

  it('names no placeholder address (docs.example.com and the like) in the template or in /config.json', () => {
    const configs = filesBelow(portal.outdir).filter((file) => path.basename(file) === 'config.json');
    expect(configs.length).toBeGreaterThan(0);
    const scanned = [JSON.stringify(portal.json), ...configs.map((file) => readFileSync(path.join(portal.outdir, file), 'utf8'))].join('\n');
    expect(placeholderAddresses(scanned)).toEqual([]);
  });

  it('uploads hashed assets with a long cache lifetime and keeps old ones for open tabs', () => {
    portal.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('deploys no source map and no .vite folder of the SPA build to the web bucket', () => {
    // The throw-away build has both, as Vite writes them; the deployment must leave them out.
    expect(filesBelow(portal.webDir)).toEqual(expect.arrayContaining([`${spaEntryChunk}.map`, '.vite/manifest.json']));

    const webBucket = ref(logicalIdOf(portal.stack, portal.stack.files.buckets.web));
    const deployments = resourcesOfType(portal.json.Resources, 'Custom::CDKBucketDeployment')
      .map(([, d]) => d.Properties!)
      .filter((d) => JSON.stringify(d.DestinationBucketName) === JSON.stringify(webBucket));
    expect(deployments).toHaveLength(2);
    const spaDirs = new Set<string>();
    for (const deployment of deployments) {
      const dirs = (deployment.SourceObjectKeys as string[]).map((key) => assetDirOf(portal.outdir, key));
      const spa = dirs.filter((dir) => existsSync(path.join(dir, 'index.html')));
      expect(spa).toHaveLength(1);
      spaDirs.add(spa[0]!);
    }
    expect(spaDirs.size).toBe(1);
    const [spaDir] = [...spaDirs] as [string];
    const files = filesBelow(spaDir);
    expect(files).toEqual(expect.arrayContaining(['index.html', spaEntryChunk]));
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => file.split('/').includes('.vite'))).toEqual([]);
    expect(readdirSync(spaDir)).not.toContain('.vite');
  });

  it.skipIf(!existsSync(path.join(repoRoot, 'web/dist/index.html')))(
    'leaves out every source map and the .vite folder of the real build (web/dist) with the same exclusions',
    async () => {
      const workDir = mkdtempSync(path.join(repoRoot, '.local', 'infra-test-spa-'));
      try {
        const build = await snapshotOfBuild(path.join(workDir, 'dist'));
        const outdir = path.join(workDir, 'cdk.out');
        const app = new App({ outdir });
        // Staged (copied with the exclusions) as it is constructed, like the web construct's Source.asset.
        const asset = new Asset(new Stack(app, 'SpaAsset'), 'Spa', { path: build, exclude: unpublishedBuildFiles });
        const files = filesBelow(path.join(outdir, asset.assetPath));
        expect(files).toContain('index.html');
        expect(files.some((file) => file.startsWith('assets/') && file.endsWith('.js'))).toBe(true);
        expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
        expect(files.filter((file) => file.split('/').includes('.vite'))).toEqual([]);
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    },
  );

  it('outputs the distribution URL, the pool and client ids and the table name', () => {
    for (const name of ['DistributionUrl', 'UserPoolId', 'UserPoolClientId', 'TableName']) {
      portal.template.hasOutput(name, Match.anyValue());
    }
    portal.template.hasOutput('UserPoolClientId', { Value: ref(logicalIdOf(portal.stack, portal.stack.identity.appClient)) });
  });
});

describe('synthesized assembly', () => {
  it('holds the SPA asset', () => {
    const spaAssets = readdirSync(portal.outdir).filter((entry) => existsSync(path.join(portal.outdir, entry, 'index.html')));
    expect(spaAssets).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('keeps the license signing secret when the stack is replaced, and only that one', () => {
    const resources = portal.json.Resources;
    const policyOf = (name: SecretName) => {
      const resource = resources[logicalIdOf(portal.stack, secretOf(portal.stack, name))] as { DeletionPolicy?: string; UpdateReplacePolicy?: string };
      return { deletion: resource.DeletionPolicy, update: resource.UpdateReplacePolicy };
    };
    expect(policyOf('licenseSigning')).toEqual({ deletion: 'Retain', update: 'Retain' });
    expect(policyOf('originVerify')).toEqual({ deletion: 'Delete', update: 'Delete' });
  });
});
