import * as z from 'zod/mini';
import { UPLOAD_FILE_FIELD } from '../api';
// Only the names of the shared limits: those (numbers, messages) are the server's, never in a page's bundle.
import type { AttemptLimitPolicy, LimitName } from './limits';

/**
 * How an endpoint contract is written: per cmd the params schema, the result schema, who may call it
 * and its other policies (CmdPolicies). One module per endpoint under shared/contract/ uses these helpers; the server's
 * dispatcher and the web client take that module, so each bundle carries only the schemas it uses.
 */
export type Role = 'public' | 'user' | 'admin';
/** Which Cognito token the call carries: the access token, or the id token (single sign-on). */
export type TokenUse = 'access' | 'id';

/**
 * What the request pipeline does for a cmd besides checking its role: plain data, since the contract
 * modules are bundled into the SPA's pages. Every admin cmd says whether it writes (`audit`) or only
 * reads (`reads`): a contract test holds each to one of them.
 */
export interface CmdPolicies {
  /** The token the call carries; the access token unless said. */
  token?: TokenUse;
  /**
   * The attempt limits a call takes before its handler runs, in this order: named from shared/contract/limits.ts,
   * or declared beside the cmd when only its feature's cmds take it (a feature's own contract part).
   */
  limits?: readonly Limit[];
  /**
   * `true`: every call of it that writes is audited; the write path refuses such a call's first write when
   * it carries no audit entry (so a call that writes nothing passes). `'some'`: only some calls are (an
   * admin acting on a customer's case, curve, seat or account): its handler's changes say which.
   */
  audit?: true | 'some';
  /** It changes nothing a user owns (a read, an export of one): no audit entry to write. */
  reads?: true;
  /**
   * The declared list it pages or exports (shared/lists/declare.ts): the lists the contracts name are the
   * ones whose snapshots the snapshot job keeps (shared/contract/all.ts#pagedListKinds).
   */
  list?: { readonly kind: string };
}

/** An attempt limit as a cmd names it: a shared one by name, or a feature's own policy. */
export type Limit = LimitName | AttemptLimitPolicy;

export interface CmdDefinition<P extends z.ZodMiniType = z.ZodMiniType, R extends z.ZodMiniType = z.ZodMiniType> extends Omit<CmdPolicies, 'token'> {
  role: Role;
  params: P;
  result: R;
  token: TokenUse;
  /**
   * Set for a cmd that takes a file: its body is a multipart form (cmd, version, client, the params as
   * fields and the file as `uploaded_file`) of at most `maxBytes` of file. Other cmds take JSON.
   */
  upload?: { maxBytes: number };
  /**
   * Set for a cmd whose params name `version` themselves (the spec's update_news: a release version): the
   * body's `version` is then that param, not the API version, which such a call does not send (ownVersion()).
   */
  ownVersion?: true;
}

/**
 * A cmd; its params are a strict object, so a parameter the cmd does not know is refused, not dropped.
 * The params' shape and the result come as functions, built on first use and kept: a cold Lambda builds
 * only the schemas of the cmd it serves and never a result's (zod builds every schema it is given at once,
 * and a contract holds hundreds).
 */
export function cmd<S extends z.core.$ZodLooseShape, R extends z.ZodMiniType>(
  role: Role,
  params: () => S,
  result: () => R,
  { token = 'access', ...policies }: CmdPolicies = {},
): CmdDefinition<z.ZodMiniObject<S, z.core.$strict>, R> {
  return builtOnFirstUse({ role, token, ...policies }, () => z.strictObject(params()), result);
}

/** `def` with `params` and `result` that build their schema on first read and keep it. */
function builtOnFirstUse<P extends z.ZodMiniType, R extends z.ZodMiniType, D extends Omit<CmdDefinition<P, R>, 'params' | 'result'>>(
  def: D,
  params: () => P,
  result: () => R,
): D & { params: P; result: R } {
  let builtParams: P | undefined;
  let builtResult: R | undefined;
  return Object.defineProperties(def, {
    params: { enumerable: true, get: () => (builtParams ??= params()) },
    result: { enumerable: true, get: () => (builtResult ??= result()) },
  }) as D & { params: P; result: R };
}

/** The cmd `def`, whose own param `version` takes the body's `version` field (see CmdDefinition.ownVersion). */
export const ownVersion = <D extends CmdDefinition>(def: D): D & { ownVersion: true } =>
  // Its schemas stay unbuilt: the marker is added beside them, not by copying their values.
  Object.defineProperty(def, 'ownVersion', { enumerable: true, value: true }) as D & { ownVersion: true };

/**
 * A cmd that takes a file (uploads are multipart with cmd, version, client, uploaded_file). Its
 * params get `uploaded_file`, a non-empty File; the other params arrive as form fields, i.e. text, so
 * numbers and booleans among them use formInt() and formBoolean(). A file over `maxBytes` is refused
 * with 413 before the params are parsed. Params and result are built on first use, as cmd()'s.
 */
export function uploadCmd<S extends z.core.$ZodLooseShape, R extends z.ZodMiniType>(
  role: Role,
  upload: { maxBytes: number },
  params: () => S,
  result: () => R,
  /** A rule across params (e.g. one param needs another): the param it is about and its message, or null. */
  across?: ((params: z.output<z.ZodMiniObject<S, z.core.$strict>>) => { param: keyof S & string; message: string } | null) | null,
  policies: Omit<CmdPolicies, 'token'> = {},
) {
  const schema = () => {
    const file = z.file({ error: (issue) => (issue.input === undefined ? 'No file given' : 'Expected a file') }).check(z.minSize(1, 'The file is empty'));
    const object = z.strictObject({ ...params(), [UPLOAD_FILE_FIELD]: file } as S & { [UPLOAD_FILE_FIELD]: typeof file });
    return across
      ? object.check(
          z.superRefine((value, ctx) => {
            const problem = across(value as z.output<z.ZodMiniObject<S, z.core.$strict>>);
            if (problem) ctx.issues.push({ code: 'custom', path: [problem.param], message: problem.message, input: value });
          }),
        )
      : object;
  };
  return builtOnFirstUse({ role, token: 'access' as TokenUse, upload, ...policies }, schema, result) satisfies CmdDefinition;
}

/**
 * A positive whole number as a form field sends it (text of digits), or as a number: what a handler
 * gets is a number either way.
 */
export const formInt = () =>
  z
    .pipe(
      z.union([z.int(), z.string().check(z.regex(/^\d{1,15}$/, 'Expected a whole number'))], { error: 'Expected a whole number' }),
      z.transform((value: number | string) => Number(value)),
    )
    .check(z.refine((value) => Number.isSafeInteger(value) && value > 0, 'Expected a positive whole number'));

/** A yes or no as a form field sends it (`true` or `false`), or as a boolean. */
export const formBoolean = () =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'Expected true or false' }),
    z.transform((value: boolean | 'true' | 'false') => value === true || value === 'true'),
  );

export interface EndpointContract<
  Path extends string = string,
  Cmds extends Record<string, CmdDefinition> = Record<string, CmdDefinition>,
> {
  /** Below /api/, e.g. `user` or `lic/5`. */
  path: Path;
  cmds: Cmds;
  /** The cmd a body without `cmd` means (the SSO call sends only sso and sig). */
  defaultCmd?: string;
  /**
   * Cmds a client of the portal's API may know but the portal does not offer, each with the message that
   * says where to go instead (answered 410, not as an unknown cmd). See docs/decisions/036.
   */
  notOfferedCmds?: Record<string, string>;
  /**
   * Whole endpoints (paths below /api/) the portal does not offer, answered by this endpoint's function
   * with their message (410) whatever is sent; the registry routes them to it (`notOfferedPaths`).
   */
  notOfferedEndpoints?: Record<string, string>;
}

/** An endpoint's contract; its default cmd, if any, must be one of its cmds. */
export const defineEndpoint = <const Path extends string, Cmds extends Record<string, CmdDefinition>>(
  contract: EndpointContract<Path, Cmds> & { defaultCmd?: keyof Cmds & string },
): EndpointContract<Path, Cmds> => contract;

/**
 * An endpoint's whole contract from its parts (`shared/contract/<endpoint>.endpoint.ts`): the customer
 * module, the admin module, and the parts features declare in their own folders. They are separate
 * modules so that the SPA's customer chunks never carry an admin cmd's schema; the endpoint's Lambda
 * serves them all. Two parts never declare the same cmd.
 */
export function joinContracts<const Parts extends readonly [EndpointContract, ...EndpointContract[]]>(
  ...parts: Parts
): EndpointContract<Parts[0]['path'], CmdsOf<Parts>> {
  const [main, ...others] = parts;
  const cmds: Record<string, CmdDefinition> = { ...main.cmds };
  for (const part of others) {
    if (part.path !== main.path) throw new Error(`Cannot join the contracts of ${main.path} and ${part.path}`);
    const shared = Object.keys(part.cmds).filter((name) => Object.hasOwn(cmds, name));
    if (shared.length) throw new Error(`${main.path}: cmds in two parts: ${shared.join(', ')}`);
    Object.assign(cmds, part.cmds);
  }
  return { ...main, cmds: cmds as CmdsOf<Parts> };
}

/** The cmds of every part, as one record type. */
type CmdsOf<Parts extends readonly EndpointContract[]> =
  UnionToIntersection<Parts[number]['cmds']> extends infer Cmds extends Record<string, CmdDefinition> ? Cmds : never;
type UnionToIntersection<U> = (U extends unknown ? (union: U) => void : never) extends (intersection: infer I) => void ? I : never;

type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;
export type CmdName<C extends AnyContract> = keyof C['cmds'] & string;
type Def<C extends AnyContract, N extends CmdName<C>> = C['cmds'][N];
/** What a caller sends (defaults may be left out). */
export type CmdInput<C extends AnyContract, N extends CmdName<C>> = z.input<Def<C, N>['params']>;
/** What a handler receives after parsing. */
export type CmdParams<C extends AnyContract, N extends CmdName<C>> = z.output<Def<C, N>['params']>;
export type CmdResult<C extends AnyContract, N extends CmdName<C>> = z.output<Def<C, N>['result']>;
