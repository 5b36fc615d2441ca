import type { licContract } from '../../../shared/contract/lic';
import { LICENSE_TYPES, LICENSE_USAGES } from '../../../shared/licenses/catalog';
import { toLicenseRow, toOrganisationLicenseRow, toSharedLicenseRow } from '../../domain/licenses/license-row';
import { licenseListOf, organisationLicenses, recentOrganisationLicensesOf, seatLeaseEnds, sharedUserIds, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import type { LicenseRow } from '../../../shared/contract/lic';
import { organisationNames } from '../../domain/organisations/organisation-seat';
import { personName } from '../../domain/users/person';
import { usersByIds, type UserRecord } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../endpoint';
import { availableTo } from '../../domain/licenses/seat.rules';
import { decodeMachine } from './desktop';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** Whom a license is shared with: the list it carries, or for one stored before it did, its shares as read. */
const sharedUsersIn = (license: LicenseRecord, sharesOf: ReadonlyMap<number, number[]>) => license.shared_users ?? sharesOf.get(license.id) ?? [];

/**
 * The licenses of the caller's organisations whose seat they may use: assigned to them, left to the pool,
 * or held by their machine; not those they own (listed as their own).
 */
async function organisationSeatsFor(userId: number, organisationIds: readonly number[], own: readonly LicenseRecord[], { desktop }: { desktop: boolean }): Promise<LicenseRecord[]> {
  const owned = new Set(own.map((license) => license.id));
  // The desktop app's list on every start reuses what this instance read a moment ago; a person's screen reads now.
  const all = await Promise.all(organisationIds.map((id) => (desktop ? recentOrganisationLicensesOf(id) : organisationLicenses(id))));
  return all
    .flat()
    .filter((license) => !owned.has(license.id) && (license.assigned_to === undefined || license.assigned_to === userId || license.reserved_to === userId));
}

/**
 * The rows with the lease end of each seat held by a machine the row shows (a person's screen: when a
 * machine they return or release stops working). The desktop app's list reads none.
 */
async function withLeaseEnds(rows: LicenseRow[]): Promise<LicenseRow[]> {
  const held = rows.filter((row) => row.fingerprint !== null);
  if (held.length === 0) return rows;
  const ends = await seatLeaseEnds(held.map((row) => ({ license_id: row.id, fingerprint: row.fingerprint!, valid_to: row.valid_to })));
  for (const row of held) row.lease_end = ends.get(row.id) ?? null;
  return rows;
}

/**
 * The caller's own licenses (with whom each is shared), those shared with them (with who shared it,
 * without another user's machine) and those of their organisations whose seat they may use (with the
 * organisation's name), newest first; with the desktop app's machine, whether each is
 * available to it.
 */
export const getLicenses: LicHandlers['get_licenses'] = async ({ payload }, { viewer: { userId } }) => {
  const machine = payload === undefined ? undefined : decodeMachine(payload);
  const { own, shared, organisations } = await licenseListOf(userId);
  const fromOrganisations = organisations.length ? await organisationSeatsFor(userId, organisations, own, { desktop: machine !== undefined }) : [];
  const now = new Date();
  // A license carries whom it is shared with; only one stored before it did costs a read of its shares.
  const unknownShares = own.filter((license) => license.shared_users === undefined && license.shared_count !== 0);
  const sharesOf = new Map(
    unknownShares.length ? await Promise.all(unknownShares.map(async ({ id }) => [id, await sharedUserIds(id)] as const)) : [],
  );
  // The people the caller may see named: whom they share with, who shares with them, and themselves
  // (never another recipient of a license shared with them). Most lists name nobody and read nothing;
  // the desktop app (which sends its machine, on every start) shows no names, so its list reads nobody:
  // a read of each person named would cost that hot path more than half its throughput.
  const named = new Set(machine ? [] : [...own.flatMap((license) => sharedUsersIn(license, sharesOf)), ...shared.map(({ license }) => license.user_id)]);
  if (named.size > 0) named.add(userId);
  const people = named.size ? await usersByIds(named) : new Map<number, UserRecord>();
  const names = new Map([...people].map(([id, user]) => [id, personName(user)]));
  const ownRows = own.map((license) => toLicenseRow(license, { sharedUsers: sharedUsersIn(license, sharesOf), sharedBy: null, names }, now));
  // A share from before the owner's username was kept on it: the owner's record says it.
  const sharedRows = shared.map(({ license, ownerUsername }) =>
    toSharedLicenseRow(license, userId, ownerUsername ?? people.get(license.user_id)?.username ?? String(license.user_id), now, names),
  );
  // Where each organisation's license comes from, by name (the desktop app shows none: it reads none).
  const organisationIds = [...own, ...fromOrganisations].flatMap((license) => (license.organisation_id === undefined ? [] : [license.organisation_id]));
  const organisationNamed = machine || !organisationIds.length ? new Map<number, string>() : await organisationNames(organisationIds);
  for (const row of ownRows) if (row.organisation_id != null) row.organisation_name = organisationNamed.get(row.organisation_id) ?? null;
  const organisationRows = fromOrganisations.map((license) =>
    toOrganisationLicenseRow(license, userId, organisationNamed.get(license.organisation_id!) ?? null, now),
  );
  const rows = [...ownRows, ...sharedRows, ...organisationRows].sort((a, b) => b.id - a.id);
  if (!machine) return { licenses: await withLeaseEnds(rows) };
  // For the desktop app: whether its machine may take each seat now (judged on the whole record; a
  // machine claiming the fingerprint of another user's seat is not its holder).
  const today = now.toISOString().slice(0, 10);
  const byId = new Map([...own, ...shared.map(({ license }) => license), ...fromOrganisations].map((license) => [license.id, license]));
  // Each row is this call's own object: the field is set on it, where a spread copy of every row's ~30
  // fields was the largest cost of the app's list after the read itself.
  for (const row of rows) row.available = availableTo(byId.get(row.id)!, machine, today, userId);
  return { licenses: rows };
};

export const getLicenseTypes: LicHandlers['get_license_types'] = async () => ({ license_types: [...LICENSE_TYPES] });

export const getLicenseUsages: LicHandlers['get_license_usages'] = async () => ({ license_usages: [...LICENSE_USAGES] });
