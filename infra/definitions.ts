/**
 * The one description of the portal's cloud resources. The CDK stack builds AWS resources from it and
 * the local stack (scripts/local) creates the same tables, buckets, user pool, client and group on the
 * emulators from it, so the two cannot drift. Plain data only: no CDK imports here.
 */

/** The single DynamoDB table: generic keys so that ElectroDB entities can share it. */
export const dataTable = {
  id: 'data',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Overloaded global secondary indexes; each entity documents what it puts in them. */
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  timeToLiveAttribute: 'ttl',
} as const;

/** S3 buckets by role. The web bucket holds the SPA; the others are served under CloudFront paths. */
export const buckets = {
  web: { path: null },
  data: { path: '/data' },
  downloads: { path: '/downloads' },
  attachments: { path: '/attachments' },
  exports: { path: '/umdata' },
} as const;
export type BucketRole = keyof typeof buckets;
export const bucketRoles = Object.keys(buckets) as BucketRole[];

/** CSV exports live for minutes (time_alive); the lifecycle rule sweeps what is left after a day. */
export const exportsExpireAfterDays = 1;

/** Mirrors the spec's password rule (§5): 8+ characters, a capital, a lower case letter and a digit. */
export const passwordPolicy = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** Sign-up attributes (spec §3). Standard ones are required; custom ones carry the `custom:` prefix at runtime. */
export const userPoolAttributes = {
  standard: ['email', 'name', 'family_name'] as const,
  custom: [
    { name: 'company', type: 'String', maxLength: 256 },
    { name: 'admin_terms_accepted', type: 'Number' },
    { name: 'accepted_marketing', type: 'Number' },
  ] as const,
} as const;

export const adminGroupName = 'Admin';

/** The public SPA client: no secret, password sign-in and refresh only. */
export const appClient = {
  name: 'web',
  authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
  accessTokenValidityMinutes: 60,
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
} as const;

/**
 * API endpoints, each one Hono app deployed as one Lambda and served at /api/{path}.
 * `entry` is relative to the repository root; `grants` names what the handler may touch.
 */
export const apiEndpoints = [
  {
    id: 'User',
    path: 'user',
    entry: 'functions/user/index.ts',
    grants: { table: 'readWrite', cognito: ['cognito-idp:GetUser'] },
  },
] as const satisfies readonly ApiEndpointDefinition[];

export interface ApiEndpointDefinition {
  /** CDK construct id. */
  id: string;
  /** Path below /api/. */
  path: string;
  entry: string;
  grants: {
    table: 'read' | 'readWrite';
    buckets?: readonly { role: BucketRole; access: 'read' | 'readWrite' }[];
    /** Cognito actions on this stack's user pool. */
    cognito?: readonly string[];
  };
}

/** Cognito triggers: handler entry and the Cognito trigger it serves. */
export const cognitoTriggers = {
  preSignUp: {
    id: 'PreSignUp',
    entry: 'functions/triggers/pre-signup.ts',
    /** The name cognito-local invokes it by. */
    localName: 'pre-signup',
  },
} as const;

/** Environment variable names every function reads (parsed in functions/lib/config.ts). */
export const functionEnv = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Only set against cognito-local, whose tokens carry its own issuer. */
  cognitoIssuer: 'COGNITO_ISSUER',
} as const;
