import * as z from 'zod/mini';
import { ENV } from '../../shared/runtime';
import { deliveredAs, environmentNames, type FunctionNeeds } from '../registry';
import { functionEnv } from './runtime-env';

/** How long a function trusts its last look at a session (revocation, admin rights) by default. */
export const DEFAULT_SESSION_RECHECK_SECONDS = 30;

const envSchema = z.object({
  [ENV.tableName]: z.optional(z.string().check(z.minLength(1))),
  [ENV.userPoolId]: z.optional(z.string().check(z.minLength(1))),
  [ENV.userPoolClientId]: z.optional(z.string().check(z.minLength(1))),
  [ENV.cognitoIssuer]: z.optional(z.url()),
  [ENV.sessionRecheckSeconds]: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(60))),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
});

export interface FunctionConfig {
  region: string;
  /** Absent for a unit that does not use the table: such code fails at once, as it would in AWS. */
  tableName?: string;
  /** Set for units that verify tokens or call the pool. */
  auth?: {
    userPoolId: string;
    userPoolClientId: string;
    /** The issuer tokens must carry: Cognito's in AWS, the emulator's locally. */
    issuer: string;
  };
  /** At most this many seconds pass before a revoked session or a lost admin right is refused. */
  sessionRecheckSeconds: number;
}

const cache = new WeakMap<object, FunctionConfig>();

/** Fails naming every variable a unit with `needs` lacks; each Lambda entry calls it at cold start. */
export function validateEnvironment(needs: FunctionNeeds, env: Readonly<Record<string, string | undefined>> = functionEnv()): void {
  const missing = environmentNames(needs).filter((name) => !deliveredAs(name).some((variable) => env[variable]));
  const parsed = envSchema.safeParse(env);
  const invalid = parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  if (missing.length || invalid.length) {
    throw new Error(`Function environment is incomplete or invalid: ${[...missing, ...invalid].join(', ')}`);
  }
}

/** The running function's configuration, parsed once per environment. */
export function getConfig(): FunctionConfig {
  const env = functionEnv();
  const known = cache.get(env);
  if (known) return known;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Function environment is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  }
  const e = parsed.data;
  const region = e.AWS_REGION;
  const userPoolId = e[ENV.userPoolId];
  const userPoolClientId = e[ENV.userPoolClientId];
  const config: FunctionConfig = {
    region,
    tableName: e[ENV.tableName],
    auth:
      userPoolId && userPoolClientId
        ? {
            userPoolId,
            userPoolClientId,
            issuer: e[ENV.cognitoIssuer] ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
          }
        : undefined,
    sessionRecheckSeconds: e[ENV.sessionRecheckSeconds] ?? DEFAULT_SESSION_RECHECK_SECONDS,
  };
  cache.set(env, config);
  return config;
}

/** The pool settings token checks need; a function without them is misconfigured. */
export function getAuthConfig(): NonNullable<FunctionConfig['auth']> {
  const { auth } = getConfig();
  if (!auth) throw new Error(`Function environment lacks ${ENV.userPoolId} or ${ENV.userPoolClientId}`);
  return auth;
}

export function getTableName(): string {
  const { tableName } = getConfig();
  if (!tableName) throw new Error(`Function environment lacks ${ENV.tableName}: the unit is not granted the table`);
  return tableName;
}
