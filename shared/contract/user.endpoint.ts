import { userAdminContract } from './user.admin';
import { joinContracts } from './define';
import { userContract } from './user';
import { organisationsAdminContract } from '../organisations/organisations.admin';
import { organisationsContract } from '../organisations/organisations.contract';

/** The whole `user` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const userEndpointContract = joinContracts(userContract, userAdminContract, organisationsContract, organisationsAdminContract);
