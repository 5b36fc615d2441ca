import type { organisationSeatsAdminContract } from '../../../shared/organisations/organisation-seats.admin';
import {
  ORGANISATION_LICENSES_PAGE_SIZE,
  type OrganisationLicense,
  type organisationSeatsContract,
} from '../../../shared/organisations/organisation-seats.contract';
import { organisationMessages, organisationRules } from '../../../shared/organisations/organisation-roles';
import { licenseMessages } from '../../../shared/licenses/messages';
import { isCampaignLicenseTag } from '../../../shared/commerce/codes';
import { runningFloatingSeats } from '../licenses/floating-seats';
import { daysLeft } from '../../../shared/licenses/display';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import { conflict, forbidden, notFound } from '../../lib/errors';
import {
  findLicense,
  LicenseChangedError,
  organisationLicenses,
  placeLicenseSeat,
  seatLeaseEnds,
  type LicenseRecord,
  type SeatPlacement,
} from '../licenses/licenses.repository';
import { usersByIds } from '../users/users.repository';
import { nameOrEmail } from '../users/person';
import type { UserRecord } from '../users/user.entity';
import { membershipOf, seatManagerOf } from './organisation-seat';
import type { DirectoryMember } from './organisation-directory';
import { findOrganisation, organisationWithMembers } from './organisations.repository';

type Handlers = EndpointHandlers<typeof organisationSeatsContract> & EndpointHandlers<typeof organisationSeatsAdminContract>;

const nameOf = (user: UserRecord | undefined) => (user ? nameOrEmail(user) : '');

/**
 * An organisation's licenses with its members, for whoever manages its seats: its owner and admins, or
 * (reading only) a portal admin. Anyone else learns nothing of it.
 */
async function seatsOf(organisationId: number, viewer: Viewer) {
  const [{ organisation, members }, licenses] = await Promise.all([organisationWithMembers(organisationId), organisationLicenses(organisationId)]);
  const membership = members.find((member) => member.user_id === viewer.userId);
  if (!organisation || (!membership && !viewer.isAdmin)) throw notFound(organisationMessages.notFound);
  if (membership && !organisationRules.manageSeats(membership.role) && !viewer.isAdmin) throw forbidden(organisationMessages.notAllowed);
  return { organisation, members, licenses, role: membership?.role ?? null };
}

/** What a search finds in a license's row: its id, its type, or text in a person's name or the holder's machine. */
function matches(row: OrganisationLicense, search: string): boolean {
  if (/^\d+$/.test(search)) return row.id === Number(search);
  const text = search.toLowerCase();
  return [row.license_type_id, row.bought_by.name, row.assigned_to?.name, row.holder?.name, row.holder?.hostname].some((value) => value?.toLowerCase().includes(text));
}

/** A license as the seats screen shows it, its holder's lease end as `leases` has it (null: ended). */
function seatRow(
  license: LicenseRecord,
  names: ReadonlyMap<number, string>,
  memberIds: ReadonlySet<number>,
  leases: ReadonlyMap<number, string>,
  now: Date,
  inUse: ReadonlyMap<number, number> = new Map(),
): OrganisationLicense {
  const person = (id: number) => ({ id, name: names.get(id) ?? '' });
  const days = daysLeft(license.valid_to ?? null, now);
  const holder = license.reserved_to;
  return {
    id: license.id,
    license_type_id: license.license_type_id,
    valid_from: license.valid_from,
    valid_to: license.valid_to ?? null,
    enabled: license.enabled,
    expired: days !== null && days < 0,
    bought_by: person(license.user_id),
    assigned_to: license.assigned_to === undefined ? null : person(license.assigned_to),
    ...(license.seats === undefined ? {} : { seats: license.seats, in_use: inUse.get(license.id) ?? 0 }),
    holder:
      holder === undefined
        ? null
        : {
            user_id: holder,
            name: names.get(holder) ?? '',
            member: memberIds.has(holder),
            hostname: license.hostname ?? null,
            since: license.reserved_since ?? null,
            lease_end: leases.get(license.id) ?? null,
          },
  };
}

/** How many machines' leases run now on each floating license among `licenses` (its Seats dialog on Licenses names them). */
async function floatingInUse(licenses: readonly LicenseRecord[], now: Date): Promise<Map<number, number>> {
  const floating = licenses.filter((license) => license.seats !== undefined);
  return new Map(await Promise.all(floating.map(async (license) => [license.id, (await runningFloatingSeats(license.id, now)).length] as const)));
}

/** When the leases of the held seats among `licenses` end. */
const leaseEnds = (licenses: readonly LicenseRecord[]): Promise<Map<number, string>> =>
  seatLeaseEnds(
    licenses.flatMap((license) =>
      license.fingerprint === undefined
        ? []
        : [{ license_id: license.id, fingerprint: license.fingerprint, valid_to: license.valid_to ?? null, ...(license.reserved_since ? { since: license.reserved_since } : {}) }],
    ),
  );

/**
 * The names of everyone `licenses` name: members as their memberships keep them, the few others (a buyer
 * or a holder who is not a member, a membership from before names were kept) read from their records.
 */
async function peopleNames(members: readonly DirectoryMember[], licenses: readonly LicenseRecord[]): Promise<Map<number, string>> {
  const names = new Map(members.flatMap((member) => (member.first_name === undefined ? [] : [[member.user_id, `${member.first_name} ${member.last_name ?? ''}`.trim()] as const])));
  const named = licenses.flatMap((license) => [license.user_id, license.assigned_to, license.reserved_to]).filter((id) => id !== undefined);
  const others = [...members.map((member) => member.user_id), ...named].filter((id) => !names.has(id));
  for (const [id, user] of await usersByIds(others)) names.set(id, nameOf(user));
  return names;
}

/** One license of the organisation as its seats screen shows it now. */
async function oneSeatRow(organisationId: number, license: LicenseRecord) {
  const { members } = await organisationWithMembers(organisationId);
  const now = new Date();
  const [names, leases, inUse] = await Promise.all([peopleNames(members, [license]), leaseEnds([license]), floatingInUse([license], now)]);
  return { organisation_id: organisationId, license: seatRow(license, names, new Set(members.map((member) => member.user_id)), leases, now, inUse) };
}

/** The organisation's license `licenseId`, for a change by whoever manages its seats. */
async function managedLicense(organisationId: number, licenseId: number, viewer: Viewer): Promise<LicenseRecord> {
  await seatManagerOf(organisationId, viewer.userId);
  const license = await findLicense(licenseId);
  if (!license || license.organisation_id !== organisationId) throw notFound(organisationMessages.notItsLicense);
  return license;
}

/** Writes a seat's placement; a change meanwhile is a clear conflict, nothing written. */
async function place(license: LicenseRecord, placement: SeatPlacement, viewer: Viewer, audit: Parameters<typeof placeLicenseSeat>[3]) {
  try {
    return await placeLicenseSeat(license, placement, viewer.userId, audit);
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
}

/** An organisation's seat acts are in its history (its target) and in the trails of those they concern. */
const seatAudit = (organisationId: number, license: LicenseRecord, ...also: (number | null | undefined)[]) => ({
  target: `organisation#${organisationId}`,
  also: also.filter((id): id is number => typeof id === 'number' && id !== license.user_id),
});

/** The organisations feature's seat handlers, served by the `lic/5` endpoint (functions/lic/app.ts). */
export const organisationSeatHandlers: Handlers = {
  get_organisation_licenses: async ({ organisation_id, page = 1, search }, { viewer }) => {
    const { members, licenses, role } = await seatsOf(organisation_id, viewer);
    const memberIds = new Set(members.map((member) => member.user_id));
    const names = await peopleNames(members, licenses);
    const now = new Date();
    // Rows without their leases first (a search may name a holder), then the leases of the page's.
    const noLeases = new Map<number, string>();
    const newestFirst = [...licenses].sort((a, b) => b.id - a.id);
    const found = search ? newestFirst.filter((license) => matches(seatRow(license, names, memberIds, noLeases, now), search)) : newestFirst;
    const onPage = found.slice((page - 1) * ORGANISATION_LICENSES_PAGE_SIZE, page * ORGANISATION_LICENSES_PAGE_SIZE);
    const [leases, inUse] = await Promise.all([leaseEnds(onPage), floatingInUse(onPage, now)]);
    return {
      organisation_id,
      role,
      licenses: onPage.map((license) => seatRow(license, names, memberIds, leases, now, inUse)),
      count: found.length,
      members: members
        .map((member) => ({ id: member.user_id, name: names.get(member.user_id) ?? '' }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    };
  },

  add_license_to_organisation: async ({ license_id, organisation_id }, { viewer }) => {
    await seatManagerOf(organisation_id, viewer.userId);
    const license = await findLicense(license_id);
    if (!license || license.user_id !== viewer.userId) throw forbidden(organisationMessages.addOwnLicense);
    if (license.organisation_id !== undefined) throw conflict(organisationMessages.inOrganisation);
    if (license.hid !== undefined && license.hid !== '') throw conflict(organisationMessages.onDongle);
    if (isCampaignLicenseTag(license.tag)) throw conflict(licenseMessages.campaignOrganisation);
    // The seat goes to the pool; a seat held by anyone but the owner (a recipient of a share) is freed.
    const release = license.reserved_to !== undefined && license.reserved_to !== viewer.userId;
    const placed = await place(license, { organisation_id, assigned_to: null, release }, viewer, { ...seatAudit(organisation_id, license), action: 'add_license_to_organisation' });
    return oneSeatRow(organisation_id, placed);
  },

  assign_license: async ({ organisation_id, license_id, user_id }, { viewer }) => {
    const license = await managedLicense(organisation_id, license_id, viewer);
    if (user_id !== null && !(await membershipOf(organisation_id, user_id))) throw notFound(organisationMessages.notMember);
    // A seat held by someone it is no longer for is released with the change (their machine keeps its lease).
    const release = user_id !== null && license.reserved_to !== undefined && license.reserved_to !== user_id;
    const placed =
      (license.assigned_to ?? null) === user_id && !release
        ? license
        : await place(license, { organisation_id, assigned_to: user_id, release }, viewer, seatAudit(organisation_id, license, user_id, license.assigned_to));
    return oneSeatRow(organisation_id, placed);
  },

  release_organisation_seat: async ({ organisation_id, license_id }, { viewer }) => {
    const license = await managedLicense(organisation_id, license_id, viewer);
    if (license.fingerprint === undefined) throw conflict(organisationMessages.seatFree);
    if (license.hid !== undefined && license.hid !== '') throw conflict(licenseMessages.onDongle);
    const placed = await place(
      license,
      { organisation_id, assigned_to: license.assigned_to ?? null, release: true },
      viewer,
      { ...seatAudit(organisation_id, license, license.reserved_to), action: 'release_organisation_seat' },
    );
    return oneSeatRow(organisation_id, placed);
  },

  set_license_organisation: async ({ license_id, organisation_id }, { viewer }) => {
    const license = await findLicense(license_id);
    if (!license) throw notFound(licenseMessages.notFound(license_id));
    if ((license.organisation_id ?? null) === organisation_id) return { license_id, organisation_id };
    if (license.hid !== undefined && license.hid !== '') throw conflict(organisationMessages.onDongle);
    if (organisation_id !== null && !(await findOrganisation(organisation_id))) throw notFound(organisationMessages.notFound);
    // A seat held by someone the license is no longer theirs to use is freed: out of an organisation,
    // anyone but its owner; into one, anyone who is not a member.
    const holder = license.reserved_to;
    const release =
      holder !== undefined &&
      (organisation_id === null ? holder !== license.user_id : !(await membershipOf(organisation_id, holder)));
    const target = organisation_id ?? license.organisation_id!;
    await place(license, { organisation_id, assigned_to: null, release }, viewer, { target: `organisation#${target}` });
    return { license_id, organisation_id };
  },
};
