import type { CmdDefinition, EndpointContract } from './define';
import { ssoContract } from './sso';
import { userContract } from './user';

/**
 * Every endpoint contract, for tests that enumerate cmds (the authorization and bad-input matrices)
 * and for the registry check. Never imported by the SPA or a function: each takes its own module.
 */
export const allContracts: readonly EndpointContract[] = [userContract, ssoContract];

/** Every (endpoint, cmd) pair with its definition. */
export function allCmds(): { endpoint: string; cmd: string; def: CmdDefinition }[] {
  return allContracts.flatMap((contract) =>
    Object.entries(contract.cmds).map(([name, def]) => ({ endpoint: contract.path, cmd: name, def })),
  );
}
