import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { CmdInput, CmdName, CmdResult } from '../../../shared/contract/define';
import { call } from './client';
import { invalidateCmds, type AnyContract } from './cmd-query';

/**
 * Changes from the contract: a change calls its cmd and names the cmds whose cached answers it makes
 * stale (cmd-query.ts keys them), whatever their params. A change of more than one call (an upload,
 * several cmds in a row) is `useChange`.
 */

/** What a change does besides calling: the cmds it makes stale, and anything the screen adds. */
export interface CmdMutationSettings<P, R> extends Omit<UseMutationOptions<R, Error, P>, 'mutationFn'> {
  /** The cmds whose cached answers the change makes stale (on success; on settling with `whenSettled`). */
  invalidates?: readonly string[];
  /** Reload even when the change failed (a change of several calls may have saved a part). */
  whenSettled?: boolean;
}

/**
 * A change through `cmd` of `contract`, or through `run` when it takes more than one call: the mutation,
 * which reloads what `invalidates` names.
 */
export function useCmdMutation<C extends AnyContract, N extends CmdName<C>>(
  contract: C,
  cmd: N,
  settings?: CmdMutationSettings<CmdInput<C, N>, CmdResult<C, N>>,
) {
  return useChange((params: CmdInput<C, N>) => call(contract, cmd, params), settings);
}

/** A change that is more than one call (`run`), reloading what `invalidates` names. */
export function useChange<P, R>(run: (params: P) => Promise<R>, settings: CmdMutationSettings<P, R> = {}) {
  const queryClient = useQueryClient();
  const { invalidates = [], whenSettled = false, onSuccess, onSettled, ...rest } = settings;
  return useMutation<R, Error, P>({
    ...rest,
    mutationFn: run,
    onSuccess: async (...args) => {
      if (!whenSettled) await invalidateCmds(queryClient, invalidates);
      await onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      if (whenSettled) await invalidateCmds(queryClient, invalidates);
      await onSettled?.(...args);
    },
  });
}
