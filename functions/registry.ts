import { DELETION_JOB_HOUR_UTC } from '../shared/accounts/deletion';
import { ENV } from '../shared/runtime';
import { bucketGrants, signsLinks } from './lib/files/access';
import type { FileNeeds } from './lib/files/buckets';

/**
 * Every deployable unit of functions/, once: API endpoints, Cognito triggers and scheduled jobs, each
 * with what it needs (table actions, Cognito actions, secrets, mail, buckets with their operations; the
 * buckets themselves are declared in functions/lib/files/buckets.ts). The CDK stack builds functions,
 * grants and environments from it; the local stack mounts the same units with only their own
 * environment; a unit test checks it against the contract modules and the folders. Plain data.
 *
 * Conventions that tie a name to its files:
 * - endpoint `x`: contract `shared/contract/x.ts` (path below /api/), app `functions/x/app.ts` exporting
 *   `app`, Lambda entry `functions/x/index.ts` exporting `handler`;
 * - trigger `x`: `functions/triggers/x.ts`; job `x`: `functions/jobs/x.ts`; both export `handler`.
 */

/** DynamoDB item actions, as IAM names them (a transaction is authorized per item action). */
export type TableAction =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'Scan'
  | 'ConditionCheckItem'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'BatchWriteItem';

/** Cognito actions that IAM authorizes (admin and list calls on the pool). */
export type UserPoolAction =
  | 'AdminGetUser'
  | 'AdminDeleteUser'
  | 'AdminListGroupsForUser'
  | 'ListUsers'
  | 'ListUsersInGroup';

/** Secrets: generated in Secrets Manager by the stack, generated into .local/secrets.json locally. */
export const secrets = {
  sso: { construct: 'SsoSecret', env: 'SSO_SECRET', description: 'DiscourseConnect shared secret of the forum', sharedWithThirdParty: true },
  originVerify: {
    construct: 'OriginVerifySecret',
    env: 'ORIGIN_VERIFY_SECRET',
    description: 'Header value CloudFront adds to API requests; the API refuses requests without it',
    sharedWithThirdParty: false,
  },
  licenseSigning: {
    construct: 'LicenseSigningSecret',
    env: 'LICENSE_SIGNING_SECRET',
    description: 'Seed of the Ed25519 key that signs seat reservations (the desktop app checks them offline)',
    sharedWithThirdParty: false,
    // The desktop app carries the public key: a new value (a replaced stack) would make every app refuse
    // every new reservation, so the secret outlives the stack and its value is carried over.
    retain: true,
    rotation:
      'Rotating means shipping the new public key in the desktop app before the portal signs with it (decision 020), so it is rotated by hand with that release, never by a Lambda.',
  },
  fastspringWebhook: {
    construct: 'FastSpringWebhookSecret',
    env: 'FASTSPRING_WEBHOOK_SECRET',
    description: "The checkout provider's webhook HMAC secret (FastSpring: Integrations > Webhooks > HMAC SHA256 secret)",
    sharedWithThirdParty: true,
  },
  fastspringApi: {
    construct: 'FastSpringApiCredentials',
    env: 'FASTSPRING_API_CREDENTIALS',
    description: "The checkout provider's API credentials as username:password (FastSpring: Integrations > API Credentials)",
    sharedWithThirdParty: true,
  },
  /** Given to every unit whose `files` sign links to a `signed` bucket (unitSecrets), and to the edge that checks them. */
  linkSigning: {
    construct: 'LinkSigningSecret',
    env: 'LINK_SIGNING_SECRET',
    description: 'Signs the expiring links to files (/umdata, /attachments); the edge checks them with it',
    sharedWithThirdParty: false,
    // The edge's check holds the value: a rotation takes effect with the next deploy; links live minutes.
    rotation: 'Rotated by redeploying the stack (the CloudFront Function holds the value); older links stop working.',
  },
} as const;
export type SecretName = keyof typeof secrets;

export interface FunctionNeeds {
  /** Item actions on the data table and its indexes. */
  table?: readonly TableAction[];
  /** IAM-authorized Cognito actions on the user pool. */
  userPool?: readonly UserPoolAction[];
  /** Reads the pool's id (and client id, to verify tokens) from its environment. */
  poolIds?: boolean;
  secrets?: readonly SecretName[];
  /**
   * Sends the product's own mail (SES in AWS, the local mailbox locally), with links to the portal: the
   * unit is given the portal's address (functions/lib/portal-address.ts).
   */
  mail?: boolean;
  /** Subscribes people to the newsletter (Mailchimp in AWS, a local file locally). */
  newsletter?: boolean;
  /**
   * The buckets the unit uses, each with its operations (`{ ivcurves: ['get', 'put', 'delete'] }`): it
   * gets each bucket's variable and exactly those object actions, and the link-signing secret when it
   * signs links to a `signed` bucket (functions/lib/files/access.ts).
   */
  files?: FileNeeds;
  /** Calls the checkout provider's REST API (FastSpring in AWS, the local sandbox locally). */
  checkoutApi?: boolean;
}

export interface EndpointUnit {
  /** CDK construct id. */
  construct: string;
  /** Below /api/; the contract module says the same (checked by the registry test). */
  path: string;
  /** What the handlers need; the platform's own needs (sessionCheckNeeds) are added to every endpoint. */
  needs: FunctionNeeds;
  /** Requests per second (and burst) the API route admits before it answers 429. */
  throttle: { rate: number; burst: number };
  /** Lambda memory (MB), which also sets its CPU share; 512 unless said. */
  memoryMb?: number;
  /**
   * A webhook of an outside service rather than a cmd endpoint: no contract module, no user session
   * (the sender signs its requests); `functions/{name}/app.ts` serves POST /api/{path} itself.
   */
  webhook?: true;
  /**
   * Paths below /api/ of names the portal does not offer (decision 036) that this endpoint's function
   * answers with where to go; its contract's `notOfferedEndpoints` says what (checked by the registry test).
   */
  notOfferedPaths?: readonly string[];
}

/**
 * What every endpoint's platform code needs to check a session: the revocation records (one Query per
 * recheck) and, for a token that claims Admin, the user's groups and MFA settings in Cognito.
 */
export const sessionCheckNeeds: FunctionNeeds = {
  table: ['Query'],
  userPool: ['AdminListGroupsForUser', 'AdminGetUser'],
  poolIds: true,
  secrets: ['originVerify'],
};

export const endpoints = {
  user: {
    construct: 'User',
    path: 'user',
    // Profiles, downloads and EULA acceptances; IV curves (their fields in the table, their files in S3;
    // a delete removes the record and its admin list row).
    needs: {
      table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
      userPool: ['ListUsersInGroup'],
      mail: true,
      // A curve's file: stored on upload, read for Download, removed with its curve. The admin IV curve
      // list and the admin users list start cold from their snapshots; the users CSV export and the audit
      // trail's are written once under a fresh name and handed out as a signed link. A download counts its
      // version in the usage figures only when the release list (versions.json) names it.
      files: { ivcurves: ['get', 'put', 'delete'], lists: ['get'], exports: ['put', 'sign-get'], data: ['get'] },
    },
    throttle: { rate: 100, burst: 200 },
    // The spec's unauthenticated newsletter endpoint: answered with where to go, never served (decision 036).
    notOfferedPaths: ['mailchimp'],
  },
  lic: {
    construct: 'Lic',
    path: 'lic/5',
    // Licenses, their shares and the user actions a move writes; the caller's user record on a first call.
    // Admin lists load every list row (parallel Queries) and write the filtered list as a CSV export.
    needs: {
      table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
      secrets: ['licenseSigning', 'fastspringApi'],
      // Each CSV export is written once under a fresh name and handed out as a signed link; a cold copy of
      // an admin list starts from its snapshot plus the change log's tail. A reservation counts the app's
      // version in the usage figures only when the release list (versions.json) names it.
      files: { exports: ['put', 'sign-get'], lists: ['get'], data: ['get'] },
      checkoutApi: true,
    },
    throttle: { rate: 100, burst: 200 },
    // The admin lists hold every license and user row in memory and sort them: room, and the CPU it brings.
    memoryMb: 1024,
  },
  product: {
    construct: 'Product',
    path: 'product',
    // Units (devices) and their registrations (products) with their list rows, the user actions a move
    // writes, certificate requests mailed to support; the caller's user record on a first call. The admin
    // lists load every list row (parallel Queries) and write the searched list as a CSV export.
    needs: {
      table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
      mail: true,
      files: { exports: ['put', 'sign-get'], lists: ['get'] },
    },
    throttle: { rate: 100, burst: 200 },
    // The admin lists hold every product, unit and user row in memory and sort them.
    memoryMb: 1024,
  },
  case: {
    construct: 'Case',
    path: 'case',
    // Support cases with their comments, attachments and history, their list rows and counts by state;
    // the caller's user record on a first call; the per-user limits on cases, comments and uploads; the
    // license or registered product a new case names (read, to check it is the caller's). A new case or
    // comment is mailed to the other side (the customer, or support and the assignee) with a link.
    needs: {
      table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
      mail: true,
      // A file sent in the call is stored; a larger one is posted by a presigned form to a fresh staging
      // key, and completing it copies it (a read there, a write here) to the attachment's key and removes
      // the staging object. Downloads are short-lived signed links; a deleted attachment's file goes. The
      // admin case list starts cold from its snapshot.
      files: { attachments: ['put', 'delete', 'sign-get'], staging: ['sign-put', 'get', 'delete'], lists: ['get'] },
    },
    throttle: { rate: 50, burst: 100 },
  },
  info: {
    construct: 'Info',
    path: 'info',
    // The desktop app's start-screen entries and release news (public reads), their admin edits with
    // their audit entries (numbers from a counter), and the presigned uploads of news pictures.
    needs: {
      table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'],
      files: { news: ['sign-put'] },
    },
    // Every desktop app reads both on start: as much as the other endpoints that answer customers.
    throttle: { rate: 100, burst: 200 },
  },
  usage: {
    construct: 'Usage',
    path: 'usage',
    // The admin's usage statistics: Queries of the usage counters (functions/domain/usage); and, as on
    // every endpoint with signed-in cmds, the caller's user record kept by the pipeline (read, created on a
    // first call with its list row and counters, its last active day noted).
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'] },
    throttle: { rate: 20, burst: 40 },
  },
  fastspring: {
    construct: 'FastSpringWebhook',
    path: 'fastspring',
    webhook: true,
    // Orders create licenses (with their list rows, counters for ids); subscription events update them. A
    // license's subscription canceled at the provider (by its buyer, on the account page) cancels the add-on
    // subscriptions on its licenses there too (found through the subscription list, loaded from the table).
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], secrets: ['fastspringWebhook', 'fastspringApi'], checkoutApi: true },
    throttle: { rate: 20, burst: 40 },
  },
  sso: {
    construct: 'Sso',
    path: 'sso',
    // The first call of a user creates the user record; a verified email change is taken over. The user's
    // licenses (their copies) and registered products are read for the forum groups.
    needs: { table: ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], secrets: ['sso'] },
    throttle: { rate: 20, burst: 40 },
  },
} as const satisfies Record<string, EndpointUnit>;
export type EndpointName = keyof typeof endpoints;

/** Cognito's trigger keys: the CDK's `lambdaTriggers` name and cognito-local's `TriggerFunctions` name. */
export interface TriggerUnit {
  construct: string;
  cdkTrigger: 'preSignUp' | 'postConfirmation' | 'preTokenGeneration' | 'customMessage';
  cognitoLocalTrigger: 'PreSignUp' | 'PostConfirmation' | 'PreTokenGeneration' | 'CustomMessage';
  description: string;
  /**
   * Triggers get no pool id: the pool references the trigger, so the trigger cannot reference the pool
   * (the event carries the pool id), and their Cognito grants name any pool of the account and region.
   */
  needs: Omit<FunctionNeeds, 'poolIds'>;
}

export const triggers = {
  'pre-signup': {
    construct: 'PreSignUp',
    cdkTrigger: 'preSignUp',
    cognitoLocalTrigger: 'PreSignUp',
    description: 'Cognito pre-signup: rejects names the profile refuses and an email that is already used',
    needs: { table: ['GetItem', 'PutItem'], userPool: ['AdminGetUser'] },
  },
  'post-confirmation': {
    construct: 'PostConfirmation',
    cdkTrigger: 'postConfirmation',
    cognitoLocalTrigger: 'PostConfirmation',
    description: 'Cognito post-confirmation: subscribes users who chose the newsletter at sign-up',
    needs: { newsletter: true },
  },
  'custom-message': {
    construct: 'CustomMessage',
    cdkTrigger: 'customMessage',
    cognitoLocalTrigger: 'CustomMessage',
    description: 'Cognito custom message: refuses an email change to an address another account holds',
    needs: { table: ['GetItem', 'PutItem'], userPool: ['AdminGetUser'] },
  },
  'pre-token-generation': {
    construct: 'PreTokenGeneration',
    cdkTrigger: 'preTokenGeneration',
    cognitoLocalTrigger: 'PreTokenGeneration',
    description: "Cognito pre-token-generation: keeps the stored email in step with the user's verified email",
    needs: { table: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
  },
} as const satisfies Record<string, TriggerUnit>;
export type TriggerName = keyof typeof triggers;

export interface JobUnit {
  construct: string;
  /** EventBridge cron fields (UTC). */
  schedule: { minute: string; hour: string };
  description: string;
  needs: FunctionNeeds;
}

/** Run by EventBridge in AWS; locally by a timer of the local stack, or now with `npm run local:job -- {name}`. */
export const jobs = {
  'delete-accounts': {
    construct: 'DeleteAccounts',
    // Daily at 02:00 UTC: requests are done within a day, inside the two working days users are promised;
    // the Delete account page tells users they can withdraw until then.
    schedule: { minute: '0', hour: String(DELETION_JOB_HOUR_UTC) },
    description: 'Carries out every pending account deletion request',
    needs: {
      // UpdateItem: a deleted curve's share of its owner's IV curve usage, in the curve's transaction.
      table: ['Query', 'GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
      userPool: ['ListUsers', 'AdminDeleteUser'],
      poolIds: true,
      mail: true,
      // A deleted user's private curves and their files go.
      files: { ivcurves: ['delete'] },
    },
  },
  'check-counters': {
    construct: 'CheckCounters',
    // Daily at 03:00 UTC, when the portal is quietest: a recount reads every counted record.
    schedule: { minute: '0', hour: '3' },
    description: 'Compares every counter with a recount of its records and alarms when one differs',
    // Scan: the recount reads every counted record (an operator's job, never a user's call).
    needs: { table: ['Scan', 'Query'] },
  },
  'purge-unconfirmed': {
    construct: 'PurgeUnconfirmed',
    schedule: { minute: '30', hour: '2' },
    description: 'Removes sign-ups that were never confirmed, freeing their email addresses',
    needs: { table: ['GetItem', 'DeleteItem'], userPool: ['ListUsers', 'AdminDeleteUser'], poolIds: true },
  },
  'expiry-notices': {
    construct: 'ExpiryNotices',
    // Daily at 08:00 UTC: in the morning of Europe, the day's mail read at work.
    schedule: { minute: '0', hour: '8' },
    description: 'Mails each license owner 30, 7 and 1 days before a license ends, once each',
    // The licenses from the admin license list's copy (its snapshot and log: no scan); each due owner's
    // record (email, opt-out); a notice's claim put once, and given back when its mail fails.
    needs: { table: ['Query', 'GetItem', 'PutItem', 'DeleteItem'], files: { lists: ['get'] }, mail: true },
  },
  'snapshot-lists': {
    construct: 'SnapshotLists',
    // Every five minutes, from the previous snapshot and the log since (from every row once a day): a cold
    // admin function, or a copy that fell more than a few thousand changes behind, reads the snapshot plus
    // at most five minutes of the change log.
    schedule: { minute: '0/5', hour: '*' },
    description: "Carries each admin list kind's snapshot on with the changes logged since it",
    needs: { table: ['Query'], files: { lists: ['get', 'put'] } },
  },
} as const satisfies Record<string, JobUnit>;
export type JobName = keyof typeof jobs;

/** An endpoint's needs with the platform's session check added. */
export function endpointNeeds(unit: EndpointUnit): FunctionNeeds {
  const union = <T>(a: readonly T[] = [], b: readonly T[] = []) => [...new Set([...a, ...b])];
  // A webhook checks no session: only that the request came through the distribution.
  if (unit.webhook) return { ...unit.needs, secrets: union(unit.needs.secrets, ['originVerify']) };
  return {
    ...unit.needs,
    table: union(unit.needs.table, sessionCheckNeeds.table),
    userPool: union(unit.needs.userPool, sessionCheckNeeds.userPool),
    secrets: union(unit.needs.secrets, sessionCheckNeeds.secrets),
    poolIds: true,
  };
}

/** The secrets a unit reads: those its needs name, and the link-signing secret when its files sign links. */
export function unitSecrets(needs: FunctionNeeds): SecretName[] {
  return [...new Set<SecretName>([...(needs.secrets ?? []), ...(signsLinks(needs.files) ? (['linkSigning'] as const) : [])])];
}

/**
 * The names of the environment variables a unit with these needs is given (values come from the
 * stack or the local stack). Secrets arrive as `{env}` locally and `{env}_SECRET_ID` in AWS; the portal's
 * address as PORTAL_URL locally and PORTAL_URL_PARAMETER (a parameter's name) in AWS: see `deliveredAs`.
 */
export function environmentNames(needs: FunctionNeeds): string[] {
  return [
    ...(needs.table?.length ? [ENV.tableName] : []),
    ...(needs.mail ? [ENV.portalUrl] : []),
    ...(needs.poolIds ? [ENV.userPoolId, ENV.userPoolClientId] : []),
    ...unitSecrets(needs).map((name) => secrets[name].env),
    ...bucketGrants(needs.files).map((grant) => grant.env),
    ...(needs.checkoutApi ? [ENV.checkoutApiUrl] : []),
  ];
}

/**
 * The variables that deliver one of environmentNames: the value itself (locally), or in AWS the id of the
 * secret or the name of the parameter that holds it. A unit is complete when one of them is set.
 */
export const deliveredAs = (name: string): string[] => [name, `${name}_SECRET_ID`, `${name}_PARAMETER`];
