import { licAdminContract } from './lic.admin';
import { joinContracts } from './define';
import { licContract } from './lic';
import { organisationSeatsAdminContract } from '../organisations/organisation-seats.admin';
import { organisationSeatsContract } from '../organisations/organisation-seats.contract';
import { offlineSeatsContract } from '../licenses/offline-seats.contract';
import { seatHistoryContract } from '../licenses/seat-history.contract';

/** The whole `lic/5` endpoint, as its Lambda serves it: every part of it (never imported by the SPA). */
export const licEndpointContract = joinContracts(
  licContract,
  licAdminContract,
  organisationSeatsContract,
  organisationSeatsAdminContract,
  offlineSeatsContract,
  seatHistoryContract,
);
