import * as z from 'zod/mini';

/** The runtime settings the SPA reads from /config.json; written by the CDK stack and by the local server. */
export const webConfigSchema = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1), z.maxLength(55)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Locally the emulator's URL; absent in AWS, where the SDK's default Cognito endpoint applies. */
  cognitoEndpoint: z.optional(z.url()),
  /** Base of the API: '/api' behind CloudFront and locally. */
  apiBase: z._default(z.string(), '/api'),
  /**
   * The checkout provider's popup storefront: its script (FastSpring's Store Builder Library in AWS, the
   * local sandbox's stand-in locally) and storefront id. Absent: buying is not offered.
   */
  checkout: z.optional(
    z.object({
      scriptUrl: z.string().check(z.minLength(1)),
      storefront: z.string().check(z.minLength(1)),
      accessKey: z.optional(z.string()),
    }),
  ),
  /** True only on the local stack (shows the local mailbox link). */
  local: z._default(z.boolean(), false),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
