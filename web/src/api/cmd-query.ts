import { queryOptions, useQuery, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CmdDefinition, CmdInput, CmdName, CmdResult, EndpointContract } from '../../../shared/contract/define';
import { call } from './client';

/**
 * Server state straight from the contract: a query is (endpoint, cmd, params), its cache key is derived
 * from exactly that, and a change names the cmds whose answers it makes stale. A page imports the
 * contract modules it calls (so its chunk carries only their schemas) and calls these; nothing is written
 * per cmd. Changes are in cmd-mutation.ts (a page that only reads does not load them).
 */

export type AnyContract = EndpointContract<string, Record<string, CmdDefinition>>;

/** The cache key of `cmd`'s answer to `params`: [endpoint path, cmd, params]. */
export const cmdKey = <C extends AnyContract, N extends CmdName<C>>(contract: C, cmd: N, params: CmdInput<C, N>) =>
  [contract.path, cmd, params ?? {}] as const;

/** The key every cached answer of `cmd` starts with, whatever its params. */
export const cmdPrefix = <C extends AnyContract>(contract: C, cmd: CmdName<C>) => [contract.path, cmd] as const;

/** Query settings besides the key and the call (staleTime, placeholderData, enabled, refetchInterval...). */
type CmdQuerySettings<R> = Omit<UseQueryOptions<R, Error, R, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** The query options of `cmd` with `params`: for `useQuery`, `useQueries` or a query client's own reads. */
export const cmdQueryOptions = <C extends AnyContract, N extends CmdName<C>>(
  contract: C,
  cmd: N,
  params: CmdInput<C, N>,
  settings: CmdQuerySettings<CmdResult<C, N>> = {},
) =>
  queryOptions<CmdResult<C, N>, Error, CmdResult<C, N>, readonly unknown[]>({
    ...settings,
    queryKey: cmdKey(contract, cmd, params),
    queryFn: () => call(contract, cmd, params),
  });

/** Reads `cmd` of `contract` with `params`, cached under (path, cmd, params). */
export const useCmdQuery = <C extends AnyContract, N extends CmdName<C>>(
  contract: C,
  cmd: N,
  params: CmdInput<C, N>,
  settings?: CmdQuerySettings<CmdResult<C, N>>,
) => useQuery(cmdQueryOptions(contract, cmd, params, settings));

/** Marks stale every cached answer of these cmds, whatever their params (every page, filter and id). */
export const invalidateCmds = (queryClient: QueryClient, cmds: readonly string[]) =>
  cmds.length === 0
    ? Promise.resolve()
    : queryClient.invalidateQueries({ predicate: (query) => cmds.includes(query.queryKey[1] as string) });
