import * as z from 'zod/mini';

/**
 * How an endpoint contract is written: per cmd the params schema, the result schema and
 * who may call it. One module per endpoint under shared/contract/ uses these helpers; the server's
 * dispatcher and the web client take that module, so each bundle carries only the schemas it uses.
 */
export type Role = 'public' | 'user' | 'admin';
/** Which Cognito token the call carries: the access token, or the id token (single sign-on). */
export type TokenUse = 'access' | 'id';

export interface CmdDefinition<P extends z.ZodMiniType = z.ZodMiniType, R extends z.ZodMiniType = z.ZodMiniType> {
  role: Role;
  params: P;
  result: R;
  token: TokenUse;
}

/** A cmd; its params are a strict object, so a parameter the cmd does not know is refused, not dropped. */
export function cmd<S extends z.core.$ZodLooseShape, R extends z.ZodMiniType>(
  role: Role,
  params: S,
  result: R,
  token: TokenUse = 'access',
): CmdDefinition<z.ZodMiniObject<S, z.core.$strict>, R> {
  return { role, params: z.strictObject(params), result, token };
}

export interface EndpointContract<
  Path extends string = string,
  Cmds extends Record<string, CmdDefinition> = Record<string, CmdDefinition>,
> {
  /** Below /api/, e.g. `user` or `lic/5`. */
  path: Path;
  cmds: Cmds;
  /** The cmd a body without `cmd` means (the SSO call sends only sso and sig). */
  defaultCmd?: string;
}

/** An endpoint's contract; its default cmd, if any, must be one of its cmds. */
export const defineEndpoint = <const Path extends string, Cmds extends Record<string, CmdDefinition>>(
  contract: EndpointContract<Path, Cmds> & { defaultCmd?: keyof Cmds & string },
): EndpointContract<Path, Cmds> => contract;

/**
 * An endpoint's whole contract from its parts: the customer module and the admin module of one path.
 * They are separate modules so that the SPA's customer chunks never carry an admin cmd's schema; the
 * endpoint's Lambda serves both.
 */
export function joinContracts<Path extends string, A extends Record<string, CmdDefinition>, B extends Record<string, CmdDefinition>>(
  main: EndpointContract<Path, A>,
  admin: EndpointContract<Path, B>,
): EndpointContract<Path, A & B> {
  if (main.path !== admin.path) throw new Error(`Cannot join the contracts of ${main.path} and ${admin.path}`);
  const shared = Object.keys(admin.cmds).filter((name) => Object.hasOwn(main.cmds, name));
  if (shared.length) throw new Error(`${main.path}: cmds in both parts: ${shared.join(', ')}`);
  return { ...main, cmds: { ...main.cmds, ...admin.cmds } };
}

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;
export type CmdName<C extends AnyContract> = keyof C['cmds'] & string;
type Def<C extends AnyContract, N extends CmdName<C>> = C['cmds'][N];
/** What a caller sends (defaults may be left out). */
export type CmdInput<C extends AnyContract, N extends CmdName<C>> = z.input<Def<C, N>['params']>;
/** What a handler receives after parsing. */
export type CmdParams<C extends AnyContract, N extends CmdName<C>> = z.output<Def<C, N>['params']>;
export type CmdResult<C extends AnyContract, N extends CmdName<C>> = z.output<Def<C, N>['result']>;
