import * as z from 'zod/mini';
import { functionEnv } from '../../infra/definitions';

const envSchema = z.object({
  [functionEnv.tableName]: z.string().check(z.minLength(1)),
  [functionEnv.userPoolId]: z.string().check(z.minLength(1)),
  [functionEnv.userPoolClientId]: z.string().check(z.minLength(1)),
  [functionEnv.cognitoIssuer]: z.optional(z.url()),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
});

export interface FunctionConfig {
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  region: string;
  /** The issuer access tokens must carry: Cognito's in AWS, the emulator's locally. */
  issuer: string;
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
  const userPoolId = e[functionEnv.userPoolId]!;
  const region = e.AWS_REGION;
  cached = {
    tableName: e[functionEnv.tableName]!,
    userPoolId,
    userPoolClientId: e[functionEnv.userPoolClientId]!,
    region,
    issuer: e[functionEnv.cognitoIssuer] ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
  };
  return cached;
}

/** For tests that switch environments within one process. */
export function resetConfig(): void {
  cached = undefined;
}
