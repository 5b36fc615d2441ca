import { infoAdminContract } from './info.admin';
import { joinContracts } from './define';
import { infoContract } from './info';

/** The whole `info` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const infoEndpointContract = joinContracts(infoContract, infoAdminContract);
