import * as z from 'zod/mini';
import { companySchema, firstNameSchema, lastNameSchema } from './validation';

/**
 * The API contract (design §3): per endpoint and cmd, the params schema, the result schema and who may
 * call it. The server's dispatcher, the web client and the generated authorization and bad-input tests
 * all read this one table.
 */
export type Role = 'public' | 'user' | 'admin';
/** Which Cognito token the Authorization header carries: the access token, or the id token (SSO). */
export type TokenUse = 'access' | 'id';

export interface CmdDefinition<P extends z.ZodMiniType = z.ZodMiniType, R extends z.ZodMiniType = z.ZodMiniType> {
  role: Role;
  params: P;
  result: R;
  token?: TokenUse;
}

const cmd = <P extends z.ZodMiniType, R extends z.ZodMiniType>(
  role: Role,
  params: P,
  result: R,
  token: TokenUse = 'access',
): CmdDefinition<P, R> => ({ role, params, result, token });

const noParams = z.object({});

export const userProfileSchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  beta_access: z.boolean(),
  legacy: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const deletionRequestSchema = z.object({
  /** When the request was stored (ISO 8601). */
  requested: z.string(),
  /** The latest moment the account will be gone: two working days after the request (ISO 8601). */
  delete_by: z.string(),
});
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

export const adminSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const contract = {
  user: {
    get_user_profile: cmd('user', noParams, userProfileSchema),
    update_user_profile: cmd(
      'user',
      z.object({ first_name: firstNameSchema, last_name: lastNameSchema, company: z._default(companySchema, '') }),
      userProfileSchema,
    ),
    /**
     * Asks for the account's deletion; a daily job deletes it within two working days. Without user_id
     * the caller's own account; another user's only for an admin. Asking again changes nothing.
     */
    delete_user_account: cmd('user', z.object({ user_id: z.optional(z.int().check(z.positive())) }), deletionRequestSchema),
    /** The administrators, for assigning cases. */
    get_admins: cmd('admin', noParams, z.object({ admins: z.array(adminSummarySchema) })),
  },
  sso: {
    /** DiscourseConnect: the forum's signed request in, the signed identity out. Called with the id token. */
    sso_sign_in: cmd(
      'user',
      z.object({
        sso: z.string().check(z.minLength(1), z.maxLength(4096)),
        sig: z.string().check(z.minLength(1), z.maxLength(128)),
      }),
      z.object({ return_sso_url: z.string(), sso: z.string(), sig: z.string() }),
      'id',
    ),
  },
} as const satisfies Record<string, Record<string, CmdDefinition>>;

export type Contract = typeof contract;
export type Endpoint = keyof Contract;
export type CmdName<E extends Endpoint> = keyof Contract[E] & string;
type Def<E extends Endpoint, C extends CmdName<E>> = Contract[E][C] extends CmdDefinition<infer P, infer R>
  ? { params: P; result: R }
  : never;
/** What a caller sends (defaults may be left out). */
export type CmdInput<E extends Endpoint, C extends CmdName<E>> = z.input<Def<E, C>['params']>;
/** What a handler receives after parsing. */
export type CmdParams<E extends Endpoint, C extends CmdName<E>> = z.output<Def<E, C>['params']>;
export type CmdResult<E extends Endpoint, C extends CmdName<E>> = z.output<Def<E, C>['result']>;

export const endpoints = Object.keys(contract) as Endpoint[];

/** Every (endpoint, cmd) pair with its definition; tests generate their matrices from this. */
export function allCmds(): { endpoint: Endpoint; cmd: string; def: CmdDefinition }[] {
  return endpoints.flatMap((endpoint) =>
    Object.entries(contract[endpoint] as Record<string, CmdDefinition>).map(([name, def]) => ({
      endpoint,
      cmd: name,
      def,
    })),
  );
}
