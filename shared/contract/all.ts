import { caseContract } from './case';
import { caseAdminContract } from './case.admin';
import { joinContracts, type CmdDefinition, type EndpointContract } from './define';
import { infoContract } from './info';
import { infoAdminContract } from './info.admin';
import { licContract } from './lic';
import { licAdminContract } from './lic.admin';
import { productContract } from './product';
import { productAdminContract } from './product.admin';
import { ssoContract } from './sso';
import { userContract } from './user';
import { usageContract } from './usage.admin';
import { userAdminContract } from './user.admin';

/**
 * Every endpoint contract, for tests that enumerate cmds (the authorization and bad-input matrices)
 * and for the registry check. Never imported by the SPA or a function: each takes its own module.
 */
export const allContracts: readonly EndpointContract[] = [joinContracts(userContract, userAdminContract), joinContracts(licContract, licAdminContract), joinContracts(productContract, productAdminContract), ssoContract, joinContracts(caseContract, caseAdminContract), joinContracts(infoContract, infoAdminContract), usageContract];

/** Every (endpoint, cmd) pair with its definition. */
export function allCmds(): { endpoint: string; cmd: string; def: CmdDefinition }[] {
  return allContracts.flatMap((contract) =>
    Object.entries(contract.cmds).map(([name, def]) => ({ endpoint: contract.path, cmd: name, def })),
  );
}
