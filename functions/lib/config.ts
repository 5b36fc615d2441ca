import * as z from 'zod/mini';
import { functionEnv } from '../../infra/definitions';

const envSchema = z.object({
  [functionEnv.tableName]: z.string().check(z.minLength(1)),
  // Triggers run without them: the pool references its trigger, so the trigger cannot reference the pool.
  [functionEnv.userPoolId]: z.optional(z.string().check(z.minLength(1))),
  [functionEnv.userPoolClientId]: z.optional(z.string().check(z.minLength(1))),
  [functionEnv.cognitoIssuer]: z.optional(z.url()),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
});

export interface FunctionConfig {
  tableName: string;
  region: string;
  /** Set for API functions, which verify tokens; absent for Cognito triggers. */
  auth?: {
    userPoolId: string;
    userPoolClientId: string;
    /** The issuer tokens must carry: Cognito's in AWS, the emulator's locally. */
    issuer: string;
  };
}

let cached: FunctionConfig | undefined;

/** Reads and validates the function's environment once; a missing setting is named in the error. */
export function getConfig(env: NodeJS.ProcessEnv = process.env): FunctionConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Function environment is incomplete or invalid: ${missing}`);
  }
  const e = parsed.data;
  const region = e.AWS_REGION;
  const userPoolId = e[functionEnv.userPoolId];
  const userPoolClientId = e[functionEnv.userPoolClientId];
  cached = {
    tableName: e[functionEnv.tableName]!,
    region,
    auth:
      userPoolId && userPoolClientId
        ? {
            userPoolId,
            userPoolClientId,
            issuer: e[functionEnv.cognitoIssuer] ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
          }
        : undefined,
  };
  return cached;
}

/** The pool settings token checks need; an API function without them is misconfigured. */
export function getAuthConfig(): NonNullable<FunctionConfig['auth']> {
  const { auth } = getConfig();
  if (!auth) throw new Error(`Function environment lacks ${functionEnv.userPoolId} or ${functionEnv.userPoolClientId}`);
  return auth;
}

/** For tests that switch environments within one process. */
export function resetConfig(): void {
  cached = undefined;
}
