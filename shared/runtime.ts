/**
 * Names the browser, the functions and the infrastructure must agree on at run time, written once:
 * infra sets them, functions read them, the SPA compares with them.
 */

/** The Cognito group whose members are administrators: a caller is an admin when the token's groups contain it. */
export const ADMIN_GROUP = 'Admin';

/** Every API endpoint is served below this path, behind CloudFront and locally alike. */
export const API_PREFIX = '/api';

/**
 * Environment variable names of the functions (validated in functions/lib/config.ts). A bucket's variable
 * is declared with the bucket (functions/lib/files/buckets.ts).
 */
export const ENV = {
  tableName: 'TABLE_NAME',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Only set against cognito-local, whose tokens carry its own issuer. */
  cognitoIssuer: 'COGNITO_ISSUER',
  /** How many seconds a function trusts its last look at a token's revocation and admin rights. */
  sessionRecheckSeconds: 'SESSION_RECHECK_SECONDS',
  /** A sender verified in SES; without it the product's own mail is only logged. */
  mailFrom: 'MAIL_FROM',
  /** The support desk's mailbox (certificate requests, customers' case comments); MAIL_FROM when not set. */
  supportEmail: 'SUPPORT_EMAIL',
  /**
   * The portal's own address (`https://…`, no trailing slash), for links in mail: set directly on the local
   * stack; in AWS the name of the SSM parameter that holds it arrives as PORTAL_URL_PARAMETER instead.
   */
  portalUrl: 'PORTAL_URL',
  portalUrlParameter: 'PORTAL_URL_PARAMETER',
  /** The checkout provider's REST API (https://api.fastspring.com unless set; the sandbox locally). */
  checkoutApiUrl: 'FASTSPRING_API_URL',
  mailchimpServer: 'MAILCHIMP_SERVER',
  mailchimpListId: 'MAILCHIMP_LIST_ID',
  /** The local stand-ins of outside services (the local stack only). */
  localMailboxFile: 'LOCAL_MAILBOX_FILE',
  localNewsletterFile: 'LOCAL_NEWSLETTER_FILE',
} as const;

/**
 * The header CloudFront adds to every API request it forwards, with a secret value; the API refuses a
 * request without it, so the API answers only through the distribution.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
