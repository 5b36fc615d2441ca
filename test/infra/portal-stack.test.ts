import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGroupName,
  apiEndpoints,
  appClient,
  bucketRoles,
  buckets,
  cognitoTriggers,
  dataTable,
  exportsExpireAfterDays,
  functionEnv,
  passwordPolicy,
  scheduledJobs,
  secrets,
  userPoolAttributes,
  type ApiEndpointDefinition,
  type BucketRole,
} from '../../infra/definitions';
import { webConfigSchema } from '../../shared/web-config';
import {
  arnOf,
  asList,
  logicalIdOf,
  ref,
  resourcesOfType,
  statementsOfRole,
  synthPortal,
  type Statement,
  type SynthesizedPortal,
} from './synth';

type Resources = SynthesizedPortal['json']['Resources'];

let portal: SynthesizedPortal;
beforeAll(() => {
  portal = synthPortal();
});
afterAll(() => portal?.cleanup());

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
      GroupName: adminGroupName,
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

  it('wires the pre-signup trigger to its function', () => {
    const fnId = logicalIdOf(portal.stack, portal.stack.identity.preSignUp.function);
    portal.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: arnOf(fnId) },
    });
    portal.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: arnOf(fnId),
      Principal: 'cognito-idp.amazonaws.com',
    });
    expect(portal.stack.identity.preSignUp.node.id).toBe(cognitoTriggers.preSignUp.id);
  });

  it('lets the pre-signup trigger look users up in this account and region, and use the table', () => {
    const statements = statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, portal.stack.identity.preSignUp.role));
    const cognito = statements.find((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')));
    expect(asList(cognito!.Action).sort()).toEqual(['cognito-idp:AdminGetUser', 'cognito-idp:ListUsers']);
    expect(JSON.stringify(cognito!.Resource)).toContain(':userpool/*');
    expect(JSON.stringify(cognito!.Resource)).toContain('AWS::AccountId');
    const dynamo = statements.find((s) => asList(s.Action).includes('dynamodb:PutItem'));
    expect(asList(dynamo!.Resource)).toContainEqual(arnOf(logicalIdOf(portal.stack, portal.stack.data.table)));
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

  it('expires exports after definitions.exportsExpireAfterDays', () => {
    const rules = (portal.json.Resources[bucketId('exports')]!.Properties!.LifecycleConfiguration as { Rules: unknown[] }).Rules;
    expect(rules).toContainEqual(expect.objectContaining({ ExpirationInDays: exportsExpireAfterDays, Status: 'Enabled' }));
  });

  it('versions the buckets whose objects are edited in place', () => {
    for (const role of ['data', 'downloads', 'attachments'] as const) {
      expect(portal.json.Resources[bucketId(role)]!.Properties!.VersioningConfiguration, role).toEqual({ Status: 'Enabled' });
    }
  });
});

const grantsOf = (endpoint: ApiEndpointDefinition) => endpoint.grants;

describe('api', () => {
  const functionId = (endpointId: string) => logicalIdOf(portal.stack, portal.stack.api.functions[endpointId]!.function);

  it('deploys one Node.js function per endpoint and per trigger, and no other', () => {
    const nodeFunctions = resourcesOfType(portal.json.Resources, 'AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties!.Runtime).startsWith('nodejs'),
    );
    expect(nodeFunctions).toHaveLength(apiEndpoints.length + Object.keys(cognitoTriggers).length + scheduledJobs.length);
  });

  it.each(apiEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    'runs /api/%s on Node.js 22 or newer, ARM64, 512 MB, with the function environment',
    (_path, endpoint) => {
      const props = portal.json.Resources[functionId(endpoint.id)]!.Properties!;
      expect(Number(/^nodejs(\d+)\.x$/.exec(String(props.Runtime))?.[1])).toBeGreaterThanOrEqual(22);
      expect(props).toMatchObject({ Architectures: ['arm64'], MemorySize: 512, Handler: 'index.handler' });
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      const secretNames = grantsOf(endpoint).secrets ?? [];
      expect(Object.keys(variables).sort()).toEqual(
        [
          functionEnv.tableName,
          functionEnv.userPoolId,
          functionEnv.userPoolClientId,
          'NODE_OPTIONS',
          ...secretNames.map((name) => `${secrets[name].env}_SECRET_ID`),
        ].sort(),
      );
      for (const name of secretNames) {
        expect(variables[`${secrets[name].env}_SECRET_ID`]).toEqual(ref(logicalIdOf(portal.stack, portal.stack.api.secrets[name]!)));
      }
      expect(variables).not.toHaveProperty(functionEnv.cognitoIssuer);
      expect(variables).toMatchObject({
        [functionEnv.tableName]: ref(logicalIdOf(portal.stack, portal.stack.data.table)),
        [functionEnv.userPoolId]: ref(logicalIdOf(portal.stack, portal.stack.identity.userPool)),
        [functionEnv.userPoolClientId]: ref(logicalIdOf(portal.stack, portal.stack.identity.appClient)),
        NODE_OPTIONS: '--enable-source-maps',
      });
    },
  );

  it.each(apiEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    'routes POST /api/%s to its function with payload format 2.0',
    (path, endpoint) => {
      const integrations = resourcesOfType(portal.json.Resources, 'AWS::ApiGatewayV2::Integration').filter(
        ([, integration]) => JSON.stringify(integration.Properties!.IntegrationUri) === JSON.stringify(arnOf(functionId(endpoint.id))),
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

  it('throttles the API stage and writes access logs', () => {
    portal.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });

  it.each(apiEndpoints.map((endpoint) => [endpoint.path, endpoint] as const))(
    'grants /api/%s only what its definition names, on named resources',
    (_path, endpoint) => {
      const fn = portal.stack.api.functions[endpoint.id]!;
      const statements = statementsOfRole(portal.json.Resources, logicalIdOf(portal.stack, fn.role));
      const actions = statements.flatMap((s) => asList(s.Action));
      // No wildcard actions at all (dynamodb:*, s3:*, s3:GetObject*, ...), no Resource "*".
      expect(actions.filter((action) => action.includes('*'))).toEqual([]);
      expect(statements.filter((s) => asList(s.Resource).includes('*'))).toEqual([]);

      const table = arnOf(logicalIdOf(portal.stack, portal.stack.data.table));
      const dynamo = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('dynamodb:')));
      expect(dynamo).toHaveLength(1);
      expect(asList(dynamo[0]!.Resource)[0]).toEqual(table);
      for (const resource of asList(dynamo[0]!.Resource).slice(1)) {
        expect(JSON.stringify(resource)).toMatch(/\/index\/gsi\d"/);
      }
      const writes = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'];
      if (endpoint.grants.table === 'readWrite') expect(actions).toEqual(expect.arrayContaining(writes));
      else expect(actions.filter((a) => writes.includes(a))).toEqual([]);

      const s3 = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('s3:')));
      const bucketGrants: readonly unknown[] = (endpoint.grants as { buckets?: readonly unknown[] }).buckets ?? [];
      if (bucketGrants.length === 0) expect(s3).toEqual([]);

      const cognitoActions = actions.filter((a) => a.startsWith('cognito-idp:'));
      expect(cognitoActions.sort()).toEqual([...(grantsOf(endpoint).cognito ?? [])].sort());

      // Secrets: read only, and only the secrets the definition names.
      const secretStatements = statements.filter((s) => asList(s.Action).some((a) => a.startsWith('secretsmanager:')));
      const granted = (grantsOf(endpoint).secrets ?? []).map((name) => ref(logicalIdOf(portal.stack, portal.stack.api.secrets[name]!)));
      expect(secretStatements.flatMap((s) => asList(s.Resource))).toEqual(granted);
      for (const statement of secretStatements) {
        expect(asList(statement.Action).sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
      }
      for (const statement of statements.filter((s) => asList(s.Action).some((a) => a.startsWith('cognito-idp:')))) {
        expect(statement.Resource).toEqual(arnOf(logicalIdOf(portal.stack, portal.stack.identity.userPool)));
      }
    },
  );

  it('lets each function write only to its own log group, without AWS managed policies', () => {
    for (const fn of [...Object.values(portal.stack.api.functions), portal.stack.identity.preSignUp]) {
      const roleId = logicalIdOf(portal.stack, fn.role);
      expect(portal.json.Resources[roleId]!.Properties!.ManagedPolicyArns).toBeUndefined();
      const logs = statementsOfRole(portal.json.Resources, roleId).filter((s) => asList(s.Action).some((a) => a.startsWith('logs:')));
      expect(logs).toEqual([
        expect.objectContaining({ Resource: arnOf(logicalIdOf(portal.stack, fn.logGroup)) }),
      ]);
      const retention = portal.json.Resources[logicalIdOf(portal.stack, fn.logGroup)]!.Properties!.RetentionInDays;
      expect(retention).toBeGreaterThanOrEqual(30);
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

  it.each([
    ['/data/*', 'data'],
    ['/downloads/*', 'downloads'],
    ['/umdata/*', 'exports'],
  ] as const)('serves %s from the %s bucket through origin access control, prefix stripped', (pattern, role) => {
    expect(`${buckets[role].path}/*`).toBe(pattern);
    const b = behavior(pattern)!;
    expect(b, pattern).toBeDefined();
    const origin = originOf(b) as unknown as Record<string, unknown>;
    expect(origin.DomainName).toEqual(bucketDomain(role));
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(b.FunctionAssociations).toEqual([
      {
        EventType: 'viewer-request',
        FunctionARN: { 'Fn::GetAtt': [logicalIdOf(portal.stack, portal.stack.web.node.findChild('StripPrefix') as never), 'FunctionARN'] },
      },
    ]);
  });

  it('never caches the time-limited exports', () => {
    expect(behavior('/umdata/*')!.CachePolicyId).toBe(managedCachePolicy.cachingDisabled);
  });

  it('does not serve the attachments bucket directly (they are access-checked)', () => {
    expect(behavior('/attachments/*')).toBeUndefined();
    const attachments = JSON.stringify(bucketDomain('attachments'));
    expect(config.Origins.filter((o) => JSON.stringify(o.DomainName) === attachments)).toEqual([]);
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
    expect(csp).toContain("connect-src 'self' https://cognito-idp.${AWS::Region}.amazonaws.com");
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
    const assetDir = path.join(portal.outdir, `asset.${keys[index]!.replace(/\.zip$/, '')}`);
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
      local: false,
    });
    // With the markers standing in for the deploy-time values, the file passes the SPA's own schema.
    expect(webConfigSchema.safeParse(written).success).toBe(true);
  });

  it('uploads hashed assets with a long cache lifetime and keeps old ones for open tabs', () => {
    portal.template.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['assets/*'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

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
