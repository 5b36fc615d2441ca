import { organisationMessages } from '../../../shared/organisations/organisation-roles';
import { licenseMessages } from '../../../shared/licenses/messages';
import {
  SEAT_HISTORY_PAGE_SIZE,
  seatHistoryMessages,
  type SeatHistoryRow,
  type seatHistoryContract,
} from '../../../shared/licenses/seat-history.contract';
import { findLicense, organisationLicenses, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { licenseSeatChart, seatHistoryPage, summedSeatChart, wholeSeatHistory, type HistoryRow } from '../../domain/licenses/seat-history';
import { managesSeatsOf, organisationOwnerId, seatManagerOf } from '../../domain/organisations/organisation-seat';
import { nameOrEmail, personName } from '../../domain/users/person';
import { usersByIds } from '../../domain/users/users.repository';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { accessTo } from './license-access';

type Handlers = EndpointHandlers<typeof seatHistoryContract>;

/** What of a license's seat history the caller sees: all of it, or only their own use. */
interface HistoryAccess {
  license: LicenseRecord;
  scope: 'all' | 'own';
}

/**
 * Who sees a license's seat history: its owner, its organisation's owner and admins, and the portal's
 * admins all of it; a recipient of a share, or a member using an organisation's seat, only their own use;
 * anyone else is told the license does not exist (as every license cmd tells them).
 */
async function historyAccess(viewer: Viewer, licenseId: number): Promise<HistoryAccess> {
  const license = await findLicense(licenseId);
  if (!license) throw notFound(licenseMessages.notFound(licenseId));
  if (license.user_id === viewer.userId || viewer.isAdmin) return { license, scope: 'all' };
  if (license.organisation_id !== undefined && (await managesSeatsOf(license.organisation_id, viewer.userId))) return { license, scope: 'all' };
  // A recipient or a member who may use the seat, as every license cmd lets them in; else a 404.
  await accessTo(viewer, license);
  return { license, scope: 'own' };
}

/**
 * The rows with the names of the people in them. Those who see all of a license's history manage its seat
 * and see its holders' names elsewhere (the owner a recipient's on Licenses, an organisation's admins their
 * members' on its seats screen, by name or else email as there); the others see only their own rows.
 */
async function named(license: LicenseRecord, rows: readonly HistoryRow[]): Promise<SeatHistoryRow[]> {
  const users = await usersByIds(rows.map((row) => row.user_id));
  const nameOf = license.organisation_id === undefined ? personName : nameOrEmail;
  return rows.map((row) => {
    const user = users.get(row.user_id);
    return { ...row, name: user ? nameOf(user) : '' };
  });
}

const onlyFor = (viewer: Viewer, { scope }: HistoryAccess) => (scope === 'own' ? { onlyUserId: viewer.userId } : {});

/** The CSV file's columns, in the rows' order. */
const CSV_COLUMNS = ['kind', 'user_id', 'name', 'hostname', 'fingerprint', 'from', 'to', 'started_by', 'ended_by'] as const;

/** The seat history's handlers, served by the `lic/5` endpoint (functions/lic/app.ts). */
export const seatHistoryHandlers: Handlers = {
  get_seat_history: async ({ license_id, before }, { viewer }) => {
    const access = await historyAccess(viewer, license_id);
    const page = await seatHistoryPage(access.license, { size: SEAT_HISTORY_PAGE_SIZE, ...(before ? { cursor: before } : {}), ...onlyFor(viewer, access) });
    return { license_id, scope: access.scope, rows: await named(access.license, page.rows), next: page.next };
  },

  get_seat_chart: async ({ license_id, organisation_id }, { viewer }) => {
    if ((license_id === undefined) === (organisation_id === undefined)) throw badRequest(seatHistoryMessages.chartOf);
    if (license_id !== undefined) {
      const access = await historyAccess(viewer, license_id);
      if (access.scope !== 'all') throw forbidden(seatHistoryMessages.chartForManagers);
      return { days: await licenseSeatChart(access.license) };
    }
    const organisationId = organisation_id!;
    if (viewer.isAdmin) {
      if ((await organisationOwnerId(organisationId)) === null) throw notFound(organisationMessages.notFound);
    } else await seatManagerOf(organisationId, viewer.userId);
    // The sum of its licenses' charts: an upper bound of its seats in use at one moment (summedSeatChart).
    return { days: await summedSeatChart(await organisationLicenses(organisationId)) };
  },

  get_seat_history_csv: async ({ license_id }, { viewer }) => {
    const access = await historyAccess(viewer, license_id);
    const rows = await named(access.license, await wholeSeatHistory(access.license, onlyFor(viewer, access).onlyUserId));
    const { writeCsvExport } = await import('../../lib/exports');
    return writeCsvExport(CSV_COLUMNS, rows.map((row) => CSV_COLUMNS.map((column) => row[column])));
  },
};
