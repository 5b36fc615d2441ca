import { licAdminContract } from './lic.admin';
import { joinContracts } from './define';
import { licContract } from './lic';

/** The whole `lic/5` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const licEndpointContract = joinContracts(licContract, licAdminContract);
