import { ENV } from '../../shared/runtime';
import { deliveredAs, environmentNames, type FunctionNeeds } from '../registry';
import { functionEnv } from './runtime-env';

/** How long a function trusts its last look at a session (revocation, admin rights) by default. */
export const DEFAULT_SESSION_RECHECK_SECONDS = 30;

/** The region of a function whose environment names none. */
const DEFAULT_REGION = 'us-east-1';

const nonEmpty = (value: string) => value.length > 0;

/**
 * Each variable a function reads, with what makes its value valid; an absent one passes here (a unit's
 * needs say which must be set). Checked by hand, not with a schema: the check runs in every cold start,
 * and a function whose own code builds no schema (most jobs and triggers) then carries no schema library.
 */
const valid: Record<string, (value: string) => boolean> = {
  [ENV.tableName]: nonEmpty,
  [ENV.userPoolId]: nonEmpty,
  [ENV.userPoolClientId]: nonEmpty,
  [ENV.cognitoIssuer]: (value) => URL.canParse(value.trim()),
  // A whole number of seconds, 0 to 60.
  [ENV.sessionRecheckSeconds]: (value) => {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds) && seconds >= 0 && seconds <= 60;
  },
  AWS_REGION: nonEmpty,
};

/** The variables of `env` whose value is not valid, in the order above. */
const invalidNames = (env: Readonly<Record<string, string | undefined>>): string[] =>
  Object.entries(valid)
    .filter(([name, isValid]) => env[name] !== undefined && !isValid(env[name]!))
    .map(([name]) => name);

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
  const invalid = invalidNames(env);
  if (missing.length || invalid.length) {
    throw new Error(`Function environment is incomplete or invalid: ${[...missing, ...invalid].join(', ')}`);
  }
}

/** The running function's configuration, parsed once per environment. */
export function getConfig(): FunctionConfig {
  const env = functionEnv();
  const known = cache.get(env);
  if (known) return known;
  const invalid = invalidNames(env);
  if (invalid.length) throw new Error(`Function environment is invalid: ${invalid.join(', ')}`);
  const region = env.AWS_REGION ?? DEFAULT_REGION;
  const userPoolId = env[ENV.userPoolId];
  const userPoolClientId = env[ENV.userPoolClientId];
  const issuer = env[ENV.cognitoIssuer];
  const recheck = env[ENV.sessionRecheckSeconds];
  const config: FunctionConfig = {
    region,
    tableName: env[ENV.tableName],
    auth:
      userPoolId && userPoolClientId
        ? {
            userPoolId,
            userPoolClientId,
            // As a URL parser reads it: without surrounding spaces, tabs or line breaks.
            issuer: issuer?.trim().replace(/[\t\n\r]/g, '') ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
          }
        : undefined,
    sessionRecheckSeconds: recheck === undefined ? DEFAULT_SESSION_RECHECK_SECONDS : Number(recheck),
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
