import {
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  GetGroupCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolCommand,
  type CognitoIdentityProviderClient,
  type UpdateUserPoolCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, type S3Client } from '@aws-sdk/client-s3';
import { browserUploadCors, type BucketDeclaration } from '../../functions/lib/files/buckets';
import { ADMIN_GROUP } from '../../shared/runtime';
import {
  appClient,
  bucketRoles,
  buckets,
  dataTable,
  passwordPolicy,
  userPoolAttributes,
  type BucketRole,
} from '../../infra/definitions';

/** Local resource names; in AWS the stack names them. */
export const localNames = {
  table: 'portal-data',
  // S3 bucket names are lower case.
  bucket: (role: BucketRole) => `portal-${role.toLowerCase()}`,
  userPool: 'power-portal',
} as const;

export interface LocalResources {
  tableName: string;
  buckets: Record<BucketRole, string>;
  userPoolId: string;
  userPoolClientId: string;
}

/** Creates the data table from infra/definitions unless it exists. */
export async function ensureTable(dynamo: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  const keyNames = [dataTable.partitionKey, dataTable.sortKey, ...dataTable.globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await dynamo.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
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
    }),
  );
  await dynamo.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: dataTable.timeToLiveAttribute, Enabled: true },
    }),
  );
}

/** Creates each bucket (named by `nameOf`) with its CORS rule unless it exists. */
export async function ensureBuckets(s3: S3Client, nameOf: (role: BucketRole) => string = localNames.bucket): Promise<Record<BucketRole, string>> {
  const names = Object.fromEntries(bucketRoles.map((role) => [role, nameOf(role)])) as Record<BucketRole, string>;
  for (const role of bucketRoles) {
    const name = names[role];
    try {
      await s3.send(new HeadBucketCommand({ Bucket: name }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket: name }));
    }
    // The CORS rule the stack gives the bucket, so a browser's presigned POST is answered alike here.
    const declaration: BucketDeclaration = buckets[role];
    if (declaration.browserUploads) {
      const { allowedMethods, allowedOrigins, allowedHeaders, maxAgeSeconds } = browserUploadCors;
      await s3.send(
        new PutBucketCorsCommand({
          Bucket: name,
          CORSConfiguration: {
            CORSRules: [{ AllowedMethods: [...allowedMethods], AllowedOrigins: [...allowedOrigins], AllowedHeaders: [...allowedHeaders], MaxAgeSeconds: maxAgeSeconds }],
          },
        }),
      );
    }
  }
  return names;
}

/** The pool's settings that a start keeps up to date, as the CDK identity construct sets them. */
const poolSettings: Omit<UpdateUserPoolCommandInput, 'UserPoolId'> = {
  Policies: {
    PasswordPolicy: {
      MinimumLength: passwordPolicy.minLength,
      RequireUppercase: passwordPolicy.requireUppercase,
      RequireLowercase: passwordPolicy.requireLowercase,
      RequireNumbers: passwordPolicy.requireDigits,
      RequireSymbols: passwordPolicy.requireSymbols,
    },
  },
  AutoVerifiedAttributes: ['email'],
  // Keep the original email until a change is verified.
  UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
  MfaConfiguration: 'OPTIONAL',
};

/** The user pool, its public client and the Admin group, as the CDK identity construct defines them. */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === localNames.userPool)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: localNames.userPool,
        ...poolSettings,
        Schema: [
          ...userPoolAttributes.standard.map((name) => ({ Name: name, AttributeDataType: 'String' as const, Required: true, Mutable: true })),
          ...userPoolAttributes.custom.map((attr) => ({ Name: attr.name, AttributeDataType: attr.type, Mutable: true })),
        ],
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('cognito-local created no user pool');
  } else {
    // A pool made by an earlier version of the portal gets today's settings.
    await cognito.send(new UpdateUserPoolCommand({ UserPoolId: userPoolId, ...poolSettings }));
  }

  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((client) => client.ClientName === appClient.name)?.ClientId;
  if (!userPoolClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: appClient.name,
        GenerateSecret: false,
        ExplicitAuthFlows: [...appClient.authFlows],
        WriteAttributes: [...appClient.writeAttributes],
        AccessTokenValidity: appClient.accessTokenValidityMinutes,
        IdTokenValidity: appClient.idTokenValidityMinutes,
        RefreshTokenValidity: appClient.refreshTokenValidityDays,
        TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      }),
    );
    userPoolClientId = created.UserPoolClient?.ClientId;
    if (!userPoolClientId) throw new Error('cognito-local created no app client');
  }

  try {
    await cognito.send(new GetGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  } catch {
    await cognito.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: ADMIN_GROUP }));
  }
  return { userPoolId, userPoolClientId };
}
