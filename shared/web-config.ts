import { z } from 'zod';

/** The runtime settings the SPA reads from /config.json; written by the CDK stack and by the local server. */
export const webConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1).max(55),
  userPoolClientId: z.string().min(1),
  /** Locally the emulator's URL; absent in AWS, where the SDK's default Cognito endpoint applies. */
  cognitoEndpoint: z.string().url().optional(),
  /** Base of the API: '/api' behind CloudFront and locally. */
  apiBase: z.string().default('/api'),
  /** True only on the local stack (shows the local mailbox link). */
  local: z.boolean().default(false),
});
export type WebConfig = z.infer<typeof webConfigSchema>;
