import { caseAdminContract } from './case.admin';
import { joinContracts } from './define';
import { caseContract } from './case';

/** The whole `case` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const caseEndpointContract = joinContracts(caseContract, caseAdminContract);
