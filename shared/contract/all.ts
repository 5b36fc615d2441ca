import { caseEndpointContract } from './case.endpoint';
import type { CmdDefinition, EndpointContract } from './define';
import { infoEndpointContract } from './info.endpoint';
import { licEndpointContract } from './lic.endpoint';
import { productEndpointContract } from './product.endpoint';
import { ssoContract } from './sso';
import { usageContract } from './usage.admin';
import { userEndpointContract } from './user.endpoint';

/**
 * Every endpoint's whole contract (an endpoint of parts joins them in its `<endpoint>.endpoint.ts`), for
 * tests that enumerate cmds (the authorization and bad-input matrices), the registry check and the lists
 * the contracts page. Never imported by the SPA or an endpoint's function: each takes its own module.
 */
export const allContracts: readonly EndpointContract[] = [
  userEndpointContract,
  licEndpointContract,
  productEndpointContract,
  ssoContract,
  caseEndpointContract,
  infoEndpointContract,
  usageContract,
];

/** Every (endpoint, cmd) pair with its definition. */
export function allCmds(): { endpoint: string; cmd: string; def: CmdDefinition }[] {
  return allContracts.flatMap((contract) =>
    Object.entries(contract.cmds).map(([name, def]) => ({ endpoint: contract.path, cmd: name, def })),
  );
}

/** Every declared list a cmd pages or exports (CmdPolicies.list), by kind: the snapshot job rewrites each one's snapshot. */
export const pagedListKinds = (): string[] => [...new Set(allCmds().flatMap(({ def }) => (def.list ? [def.list.kind] : [])))];
