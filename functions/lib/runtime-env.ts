import { AsyncLocalStorage } from 'node:async_hooks';
import type { FunctionNeeds } from '../registry';

/** One deployable unit as it runs: its registry name, its needs, and its own environment. */
export interface FunctionRuntime {
  name: string;
  needs: FunctionNeeds;
  env: Readonly<Record<string, string | undefined>>;
}

const current = new AsyncLocalStorage<FunctionRuntime>();

/**
 * The environment of the function that is running. In Lambda that is the process's environment; the
 * local stack runs every unit in one process and gives each call its unit's own environment, so a
 * setting or secret the registry does not give a unit is missing locally as it would be in AWS.
 */
export const functionEnv = (): Readonly<Record<string, string | undefined>> => current.getStore()?.env ?? process.env;

/** The unit whose code is running, when the local stack runs it (undefined in Lambda). */
export const currentRuntime = (): FunctionRuntime | undefined => current.getStore();

/** Runs `work` (and everything it awaits) as `runtime`. */
export const runAs = <T>(runtime: FunctionRuntime, work: () => T): T => current.run(runtime, work);
