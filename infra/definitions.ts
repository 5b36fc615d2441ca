/**
 * The one description of the portal's cloud resources. The CDK stack builds AWS resources from it and
 * the local stack (scripts/local) creates the same table, buckets, user pool, client and group on the
 * emulators from it, so the two cannot drift. The deployable units (endpoints, triggers, jobs) and what
 * they need are listed in functions/registry.ts. Plain data only: no CDK imports here.
 */

export { dataTable } from '../functions/lib/db/layout';

/**
 * The S3 buckets with how each is served and how long what it holds lives: declared once, in
 * functions/lib/files/buckets.ts, where the functions' files module reads it too.
 */
export { buckets, bucketNames as bucketRoles, type BucketName as BucketRole } from '../functions/lib/files/buckets';

/** The product's password rule, as shared/validation.ts checks it: 8+ characters, a capital, a lower case, a digit. */
export const passwordPolicy = {
  minLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireDigits: true,
  requireSymbols: false,
} as const;

/**
 * Sign-up attributes: email, names, company, terms accepted (always 1), newsletter (1 or 0). Standard ones
 * are required; custom ones carry the `custom:` prefix at runtime.
 */
export const userPoolAttributes = {
  standard: ['email', 'name', 'family_name'] as const,
  custom: [
    { name: 'company', type: 'String', maxLength: 256 },
    { name: 'admin_terms_accepted', type: 'Number' },
    { name: 'accepted_marketing', type: 'Number' },
  ] as const,
} as const;

/** The public SPA client: no secret, password sign-in and refresh only. */
export const appClient = {
  name: 'web',
  authFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] as const,
  /**
   * What a user may write through the client: the sign-up attributes, nothing else (so no user sets
   * `email_verified` or an attribute the portal does not edit). A changed email only takes effect once
   * its code is verified (the pool keeps the original until then). The names stay writable because
   * sign-up sets them (SignUp may only set writable attributes), so their owner can also change them
   * later through UpdateUserAttributes, past the pre-signup trigger: the portal cleans every name it
   * reads from the pool (namesFromAttributes, shared/forms/sign-up-names.ts).
   */
  writeAttributes: ['email', 'name', 'family_name', 'custom:company', 'custom:admin_terms_accepted', 'custom:accepted_marketing'] as const,
  accessTokenValidityMinutes: 60,
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
} as const;

/**
 * Optional settings of a deployment, given as CDK context (`cdk deploy -c mailFrom=…`):
 * - checkoutStorefront, checkoutScriptUrl, checkoutScriptIntegrity, checkoutAccessKey: the checkout
 *   provider's popup storefront and its script, pinned by its integrity hash (required with a storefront);
 * - redirectOrigins: the other sites (shop, forum) a `redirect` query may send the browser to, comma-separated origins;
 * - guidesUrl, raspberryPiGuideUrl: the https addresses of the product's guides and of its guide to the server on
 *   a Raspberry Pi, which the Download page links to; a link without its setting is not shown;
 * - mailFrom: a sender address verified in SES; without it the product's own mail is only logged;
 * - supportEmail: the support desk's mailbox, where calibration certificate requests go (default mailFrom);
 * - mailchimpServer, mailchimpListId, mailchimpApiKeySecret (a Secrets Manager secret name): the
 *   newsletter provider; without them sign-up's newsletter choice is only logged.
 */
export const deploymentContextKeys = [
  'mailFrom',
  'supportEmail',
  'mailchimpServer',
  'mailchimpListId',
  'mailchimpApiKeySecret',
  'checkoutStorefront',
  'checkoutScriptUrl',
  'checkoutScriptIntegrity',
  'checkoutAccessKey',
  'redirectOrigins',
  'guidesUrl',
  'raspberryPiGuideUrl',
] as const;

/** FastSpring's Store Builder Library, unless the deployment names another version. */
export const DEFAULT_CHECKOUT_SCRIPT_URL = 'https://sbl.onfastspring.com/sbl/1.0.3/fastspring-builder.min.js';
