import { createHash } from 'node:crypto';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { $add } from 'dynamodb-toolbox/entity/actions/update';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { ConditionCheck } from 'dynamodb-toolbox/entity/actions/transactCheck';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { changeItems, writeChanges } from '../../lib/records/write-changes';
import { findLicense, licenseListOf, organisationLicensesChanged, sharedUserIds, sharedUsersOf } from './license-reads';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { DEFAULT_LICENSE_USAGE_ID, type AddonId, type LicenseTypeId } from '../../../shared/licenses/catalog';
import { nextId, reserveIds } from '../../lib/db/counters';
import { expiresIn, isConditionFailure, portalTable } from '../../lib/db/table';
import { LicenseShareEntity } from './license-share.entity';
import { LicenseViewEntity } from './license-view.entity';
import { LicenseEntity, licensePartition, type LicenseRecord } from './license.entity';
import { licenseKind } from './license.kind';
import { leaseEnd, type Machine } from '../../../shared/licenses/seat';
import { seatEvent } from './seat-events';
import { SeatMachineEntity } from './seat-machine.entity';
import type { RecentMachine } from './seat.rules';
import { TakeoverCountEntity } from './takeover-count.entity';
import { organisationOwnerId } from '../organisations/organisation-seat';
import type { AuditSwitch, ChangeAudit, RecordChange } from '../../lib/records/record-kind';

export type { LicenseRecord } from './license.entity';
export type { SeatEvent } from './seat-events';

/** A write whose condition no longer held: another request changed the license first. */
export class LicenseChangedError extends Error {
  override readonly name = 'LicenseChangedError';
}

export interface NewLicense {
  user_id: number;
  license_type_id: LicenseTypeId;
  license_usage_id?: number;
  valid_from: string;
  valid_to?: string;
  addons?: { id: AddonId; channels?: number }[];
  hid?: string;
  subscription_id?: number;
  subscription_state?: string;
  tag?: string;
  enabled?: boolean;
  /** The organisation it is bought or redeemed for: its seat goes to the organisation's pool, or to `assigned_to`. */
  organisation_id?: number;
  assigned_to?: number;
  /** A floating license's seats (2 or more). */
  seats?: number;
  /** A machine holding the seat from the start (seed data, imports). */
  reservation?: { reserved_to: number; fingerprint: string; hostname: string };
}

// The reads other functions make too live in license-reads.ts (a lighter bundle); they are the repository's all the same.
export { findLicense, licenseListOf, organisationLicenses, ownLicenses, recentOrganisationLicensesOf, sharedUserIds, sharedUsersOf, type LicenseList } from './license-reads';

/**
 * A new license with the next license id (and a dongle id when it is bound to a dongle), and the
 * change that writes it (with everything licenseKind derives): for writes that create licenses together
 * with other records (an order, a code redemption).
 */
export async function prepareLicense(
  { reservation, ...fields }: NewLicense,
  now = new Date(),
  /** An id reserved before (an order applied in steps creates the licenses it reserved). */
  reservedId?: number,
): Promise<{ license: LicenseRecord; change: RecordChange }> {
  const id = reservedId ?? (await nextId('license'));
  const seat = reservation ? { ...reservation, reserved_since: now.toISOString() } : {};
  const dongle = fields.hid === undefined ? {} : { dongle_id: await nextId('dongle') };
  const license: LicenseRecord = {
    enabled: true,
    addons: [],
    ...fields,
    ...seat,
    ...dongle,
    id,
    license_usage_id: fields.license_usage_id ?? DEFAULT_LICENSE_USAGE_ID,
    created: now.toISOString(),
    updated: now.toISOString(),
    shared_count: 0,
    shared_users: [],
    version: 0,
  };
  // Written with its list row, its owner's copy, its counts and its owner's holdings (licenseKind).
  return { license, change: licenseKind.change({ before: null, after: license, condition: { attr: 'id', exists: false } }) };
}

/** Reserves `count` consecutive license ids (for prepareLicense); returns the first. */
export const reserveLicenseIds = (count: number) => reserveIds('license', count);

/** A new license with its list row (and, created by an admin: `audited`, its audit entry). */
export async function createLicense(fields: NewLicense, now = new Date(), { audited }: AuditSwitch = {}): Promise<LicenseRecord> {
  const { license } = await prepareLicense(fields, now);
  const change = licenseKind.change({ before: null, after: license, condition: { attr: 'id', exists: false }, ...(audited ? { audit: {} } : {}) });
  await writeChanges([change], { now });
  if (license.organisation_id !== undefined) organisationLicensesChanged(license.organisation_id);
  return license;
}

/** A condition on a stored license. */
export type LicenseCondition = Condition<typeof LicenseEntity>;
/** Changes to a license's own fields; null removes a field. */
export type LicenseChanges = { [K in Exclude<keyof LicenseRecord, 'id' | 'created' | 'updated' | 'version'>]?: LicenseRecord[K] | null };
/** Other items written in the same transaction (shares, actions, seat events, counters). */
export type TransactionItem = TransactionWrite;

async function inTransaction(work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isConditionFailure(error)) throw new LicenseChangedError('The license changed meanwhile');
    throw error;
  }
}

/** The changes that free a license's seat: no user, no machine, no offline lease. */
const FREE_SEAT = { reserved_to: null, fingerprint: null, hostname: null, reserved_since: null, offline_lease: null } as const satisfies LicenseChanges;

/** The license as `changes` leave it: what its list row shows after the write. */
function changed(license: LicenseRecord, changes: LicenseChanges, now: Date): LicenseRecord {
  const next: Record<string, unknown> = { ...license, updated: now.toISOString(), version: (license.version ?? 0) + 1 };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return next as LicenseRecord;
}

/** The condition that the stored license is still at the version `license` was read at. */
const stillAsRead = (license: LicenseRecord): LicenseCondition =>
  license.version === undefined ? { attr: 'version', exists: false } : { attr: 'version', eq: license.version };

interface LicenseWriteOptions {
  conditions?: LicenseCondition[];
  now?: Date;
  sharedBy?: string;
  /** An audited change (an admin's, a move): its entry, with the fields that changed, in the same transaction. */
  audit?: ChangeAudit;
}

/**
 * The change that writes `changes` to a license read as `license` (with its list row, copies, counts
 * and holdings: licenseKind): only while the license is still at the version that was read and
 * `conditions` hold, so the row always shows what the record holds, and two writes from the same reading
 * cannot both land.
 */
function licenseChange(license: LicenseRecord, changes: LicenseChanges, { conditions = [], now = new Date(), sharedBy, audit }: LicenseWriteOptions) {
  return licenseKind.change({
    before: license,
    after: changed(license, changes, now),
    condition: { and: [stillAsRead(license), ...conditions] },
    ...(sharedBy ? { hints: { sharedBy } } : {}),
    ...(audit ? { audit } : {}),
  });
}

/** The transaction items of an unaudited license change (licenseChange), for a write planned in steps (an order, a provider's event). */
export const licenseChangeWrites = (license: LicenseRecord, changes: LicenseChanges, options: Omit<LicenseWriteOptions, 'audit'> = {}): TransactionItem[] =>
  changeItems([licenseChange(license, changes, options)], options.now);

/**
 * Writes `changes` to a license read as `license` (licenseChange), in one transaction with `others` and,
 * when the write is audited (`audit`), its audit entry.
 */
async function writeLicense(
  license: LicenseRecord,
  changes: LicenseChanges,
  { others = [], now = new Date(), ...options }: LicenseWriteOptions & { others?: TransactionItem[] } = {},
): Promise<void> {
  await inTransaction(() => writeChanges([licenseChange(license, changes, { ...options, now })], { items: others, now }));
  // The organisations whose lists show it (before and after the write) read them again on this instance.
  for (const organisationId of new Set([license.organisation_id, changes.organisation_id])) if (typeof organisationId === 'number') organisationLicensesChanged(organisationId);
}

const sortedIds = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);


/** Shares a license with a user (sharing again changes nothing), while its owner is still the one who read it; a customer's share is `audited`. */
export async function shareLicense(license: LicenseRecord, withUserId: number, ownerUsername?: string, { audited }: AuditSwitch = {}): Promise<void> {
  const shared = new Set([...(await sharedUsersOf(license)), withUserId]);
  await writeLicense(license, { shared_count: shared.size, shared_users: sortedIds(shared) }, {
    conditions: [{ attr: 'user_id', eq: license.user_id }],
    sharedBy: ownerUsername,
    ...(audited ? { audit: { users: [license.user_id, withUserId] } } : {}),
    others: [
      LicenseShareEntity.build(PutTransaction).item({
        license_id: license.id,
        user_id: withUserId,
        owner_id: license.user_id,
        ...(ownerUsername ? { owner_username: ownerUsername } : {}),
      }),
    ],
  });
}

/** Stops sharing a license with a user; a share that is not there changes nothing. A customer's cancel is `audited`. */
export async function cancelShare(license: LicenseRecord, withUserId: number, { audited }: AuditSwitch = {}): Promise<void> {
  const shared = new Set(await sharedUsersOf(license));
  shared.delete(withUserId);
  await writeLicense(license, { shared_count: shared.size, shared_users: sortedIds(shared) }, {
    conditions: [{ attr: 'user_id', eq: license.user_id }],
    ...(audited ? { audit: { users: [license.user_id, withUserId] } } : {}),
    others: [LicenseShareEntity.build(DeleteTransaction).key({ license_id: license.id, user_id: withUserId })],
  });
}

/**
 * Gives a license to another user, in one transaction: the owner changes only if the license is still as
 * read and no machine or dongle holds it; its shares end (the new owner decides whom to share with);
 * both users get a `move_license` action naming who did it.
 */
export async function moveLicense(license: LicenseRecord, toUserId: number, byUserId: number, now = new Date()): Promise<void> {
  const shares = await sharedUserIds(license.id);
  await writeLicense(license, { user_id: toUserId, shared_count: 0, shared_users: null }, {
    now,
    conditions: [{ attr: 'reserved_to', exists: false }, { attr: 'hid', exists: false }],
    audit: {
      by_user_id: byUserId,
      action: 'move_license',
      users: [license.user_id, toUserId],
      from_user_id: license.user_id,
      to_user_id: toUserId,
      values: { before: { user_id: license.user_id }, after: { user_id: toUserId } },
    },
    others: shares.map((userId) => LicenseShareEntity.build(DeleteTransaction).key({ license_id: license.id, user_id: userId })),
  });
}

/** How a machine is named in the machine budget: a short hash of its fingerprint (any length, any characters). */
export const seatMachineId = (fingerprint: string): string => createHash('sha256').update(fingerprint).digest('hex').slice(0, 32);

/** Marks the machine as one that held the seat now, for the machine budget; kept a day past the window. */
const seatMachineMark = (licenseId: number, fingerprint: string, windowDays: number, now: Date) =>
  SeatMachineEntity.build(PutTransaction).item({
    license_id: licenseId,
    machine: seatMachineId(fingerprint),
    last_reserved: now.toISOString(),
    ttl: expiresIn((windowDays + 1) * 86_400, now.getTime()),
  });

/** The machines that held a license's seat lately (the TTL removes them a day after the window, or later). */
export async function recentSeatMachines(licenseId: number): Promise<RecentMachine[]> {
  const { Items } = await portalTable
    .build(QueryCommand)
    .entities(SeatMachineEntity)
    .query({ partition: licensePartition(licenseId), range: { beginsWith: 'machine#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  return (Items ?? []).map(({ machine, last_reserved }) => ({ machine, last_reserved }));
}

/** When the machine last reserved or renewed the license's seat, as its mark for the machine budget says (null: no mark). */
export async function seatMarkedAt(licenseId: number, fingerprint: string): Promise<string | null> {
  const { Item } = await SeatMachineEntity.build(GetItemCommand).key({ license_id: licenseId, machine: seatMachineId(fingerprint) }).options({ consistent: true }).send();
  return Item?.last_reserved ?? null;
}

/** A held seat whose lease end is asked: its license, the machine holding it, and the license's last day. */
export interface HeldSeat {
  license_id: number;
  fingerprint: string;
  /** null: perpetual. */
  valid_to: string | null;
  /** When the seat was taken: the lease's start when the machine's mark is gone. */
  since?: string;
}

/**
 * When the lease of each of `seats` ends (ISO 8601): a lease from the machine's last reservation or renewal
 * (its mark), or from when it took the seat. A seat with neither is left out.
 */
export async function seatLeaseEnds(seats: readonly HeldSeat[]): Promise<Map<number, string>> {
  const marks = await Promise.all(
    seats.map(({ license_id, fingerprint }) => SeatMachineEntity.build(GetItemCommand).key({ license_id, machine: seatMachineId(fingerprint) }).send()),
  );
  return new Map(
    seats.flatMap((seat, index) => {
      const start = marks[index]!.Item?.last_reserved ?? seat.since;
      return start === undefined ? [] : [[seat.license_id, leaseEnd(new Date(start), seat.valid_to).toISOString()] as const];
    }),
  );
}

/**
 * Frees a license's seat, with the seat event, in one transaction: only while the machine `fingerprint`
 * holds it and no dongle does. `event` says who freed it: the machine's user (return) or an admin (release,
 * `audited`: its entry says `release_license`).
 */
export async function freeSeat(
  license: LicenseRecord,
  fingerprint: string,
  byUserId: number,
  event: 'return' | 'release',
  now = new Date(),
  { audited, offlineLease }: AuditSwitch & { /** Only while this offline lease holds the seat (a return code names it). */ offlineLease?: string } = {},
): Promise<void> {
  await writeLicense(license, FREE_SEAT, {
    now,
    ...(audited ? { audit: { action: 'release_license' } } : {}),
    conditions: [
      { attr: 'fingerprint', eq: fingerprint },
      { attr: 'hid', exists: false },
      ...(offlineLease === undefined ? [] : [{ attr: 'offline_lease.lease_id', eq: offlineLease } as const]),
    ],
    others: [seatEvent(event, license.id, byUserId, { fingerprint }, now, { holder: license.reserved_to })],
  });
}

/** The stored conditions of a usable license: enabled, not past its end, not on a dongle. */
const usableOn = (now: Date): LicenseCondition[] => [
  { attr: 'enabled', eq: true },
  { attr: 'hid', exists: false },
  { or: [{ attr: 'valid_to', exists: false }, { attr: 'valid_to', gte: now.toISOString().slice(0, 10) }] },
];

export interface SeatBudgets {
  takeoversPerDay: number;
  /** The machine budget's window: the machine is marked as one that held the seat within it. */
  machineWindowDays: number;
}

/** What a seat's write takes beyond its budgets. */
export interface SeatWriteOptions {
  /** An organisation's seat held by someone no longer a member: taken from them, only while they still hold it. */
  reclaimFrom?: number;
  /** Checks that must hold in the same transaction (the user is still a member of the license's organisation). */
  checks?: TransactionItem[];
  now?: Date;
}

/** An offline lease the seat is given with (a machine without network): kept on the license until the seat is freed. */
export interface OfflineLease {
  lease_id: string;
  machine_key: string;
  lease_end: string;
}

/**
 * Gives the machine the license's seat, with its seat event and its mark for the machine budget, in one
 * transaction whose condition decides any race: the license is still as read (so two reservations cannot
 * both pass the machine budget the caller checked), enabled, not expired, not on a dongle, and free or
 * already this machine's for this user. A takeover instead requires the seat to be held by another machine
 * of the same user, and counts against the day's budget (the counter's condition refuses it past it).
 */
export async function reserveSeat(
  license: LicenseRecord,
  userId: number,
  machine: Machine,
  {
    takeover,
    reclaimFrom,
    checks = [],
    takeoversPerDay,
    machineWindowDays,
    offline,
    now = new Date(),
  }: SeatBudgets & SeatWriteOptions & { takeover: boolean; offline?: OfflineLease },
): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  // A machine's own fingerprint gets the seat back only for the user it holds it for.
  const seat: LicenseCondition[] = takeover
    ? [{ attr: 'reserved_to', eq: userId }, { attr: 'fingerprint', ne: machine.fingerprint }]
    : reclaimFrom !== undefined
      ? [{ attr: 'reserved_to', eq: reclaimFrom }]
      : [{ or: [{ attr: 'fingerprint', exists: false }, { and: [{ attr: 'fingerprint', eq: machine.fingerprint }, { attr: 'reserved_to', eq: userId }] }] }];
  const takeoverCount = TakeoverCountEntity.build(UpdateTransaction)
    .item({ license_id: license.id, day: today, count: $add(1), ttl: expiresIn(2 * 86_400, now.getTime()) })
    .options({ condition: { or: [{ attr: 'count', exists: false }, { attr: 'count', lt: takeoversPerDay }] } });
  await writeLicense(
    license,
    { reserved_to: userId, fingerprint: machine.fingerprint, hostname: machine.hostname, reserved_since: now.toISOString(), offline_lease: offline ?? null },
    {
      now,
      conditions: [...usableOn(now), ...seat],
      others: [
        seatEvent(offline ? 'offline' : takeover ? 'takeover' : 'reserve', license.id, userId, machine, now),
        seatMachineMark(license.id, machine.fingerprint, machineWindowDays, now),
        ...(takeover ? [takeoverCount] : []),
        ...checks,
      ],
    },
  );
}

/**
 * Renews the lease of the machine that holds the seat for this user: only its mark for the machine budget
 * is written, under the check that the license is still as read, usable, and this machine's for this user. The
 * license itself, its list row and the seat events stay as they are (a renewal is not a new reservation).
 */
export async function renewSeat(
  license: LicenseRecord,
  userId: number,
  machine: Machine,
  { machineWindowDays, checks = [], now = new Date() }: Pick<SeatBudgets, 'machineWindowDays'> & Omit<SeatWriteOptions, 'reclaimFrom'>,
): Promise<void> {
  const held: LicenseCondition[] = [{ attr: 'fingerprint', eq: machine.fingerprint }, { attr: 'reserved_to', eq: userId }];
  await inTransaction(() =>
    writeChanges([], {
      items: [
        LicenseEntity.build(ConditionCheck)
          .key({ id: license.id })
          // Still as read, so the lease signed from that reading grants what the license grants now.
          .condition({ and: [stillAsRead(license), ...usableOn(now), ...held] }),
        seatMachineMark(license.id, machine.fingerprint, machineWindowDays, now),
        ...checks,
      ],
    }),
  );
}

/** Where an organisation license's seat goes: which organisation (null: none), and which member (null: the pool). */
export interface SeatPlacement {
  organisation_id: number | null;
  assigned_to: number | null;
  /** Frees the seat too (its holder may no longer use it): a `release` seat event; their machine keeps its lease. */
  release: boolean;
}

/**
 * Places a license's seat (into or out of an organisation, to a member or the pool), audited as `audit`
 * says, only while the license is as read. A placement ends its shares (an organisation's seat goes by
 * assignment, never by a share). `release` frees the seat its holder had.
 */
export async function placeLicenseSeat(
  license: LicenseRecord,
  { organisation_id, assigned_to, release }: SeatPlacement,
  byUserId: number,
  audit: ChangeAudit,
  now = new Date(),
): Promise<LicenseRecord> {
  const shares = organisation_id === null ? [] : await sharedUsersOf(license);
  const freed = release && license.fingerprint !== undefined;
  const changes: LicenseChanges = {
    organisation_id,
    assigned_to,
    ...(shares.length ? { shared_count: 0, shared_users: [] } : {}),
    ...(freed ? FREE_SEAT : {}),
  };
  await writeLicense(license, changes, {
    now,
    // A seat on a dongle is the dongle's: it is never placed.
    conditions: [{ attr: 'hid', exists: false }],
    audit,
    others: [
      ...shares.map((userId) => LicenseShareEntity.build(DeleteTransaction).key({ license_id: license.id, user_id: userId })),
      ...(freed ? [seatEvent('release', license.id, byUserId, { fingerprint: license.fingerprint }, now, { holder: license.reserved_to })] : []),
    ],
  });
  return changed(license, changes, now);
}

/** What an admin changes of a plain license: usage and end (none: perpetual). */
export interface LicenseTerms {
  license_usage_id: number;
  valid_to: string | null;
}

/** No subscription governs the license: its terms follow the subscription, not an admin. */
const plain: LicenseCondition[] = [{ attr: 'subscription_id', exists: false }];

/** The audit of an admin's edit (`audited`): its entry records the fields that changed. */
const edit = ({ audited }: AuditSwitch) => (audited ? { audit: {} } : {});

export const updateLicenseTerms = (license: LicenseRecord, { license_usage_id, valid_to }: LicenseTerms, audit: AuditSwitch = {}) =>
  writeLicense(license, { license_usage_id, valid_to }, { conditions: plain, ...edit(audit) });

export const setLicenseEnabled = (license: LicenseRecord, enabled: boolean, audit: AuditSwitch = {}) =>
  writeLicense(license, { enabled }, { conditions: plain, ...edit(audit) });

/** Replaces a license's add-ons (the whole list), only while it is still as it was read. */
export const setLicenseAddons = (license: LicenseRecord, addons: { id: AddonId; channels?: number }[], audit: AuditSwitch = {}) =>
  writeLicense(license, { addons }, edit(audit));

/** Marks a legacy license with the upgrade product its owner may buy (null: none). */
export const setLegacyUpgrade = (license: LicenseRecord, product: string | null, audit: AuditSwitch = {}) =>
  writeLicense(license, { to_fastspring_product: product }, edit(audit));

/**
 * For a license from before the users' copies (it has no `shared_users`): whom it is shared with, and
 * its copy in its owner's and each recipient's list, written as any license write is (one transaction,
 * only while the license is as read). See migrateLicenseViews.
 */
export async function addLicenseViews(license: LicenseRecord): Promise<void> {
  const { Items: shares = [] } = await portalTable
    .build(QueryCommand)
    .entities(LicenseShareEntity)
    .query({ partition: licensePartition(license.id), range: { beginsWith: 'share#' } })
    .options({ maxPages: Infinity, consistent: true })
    .send();
  await writeLicense(license, { shared_count: shares.length, shared_users: sortedIds(shares.map((share) => share.user_id)) }, {
    sharedBy: shares.find((share) => share.owner_username)?.owner_username,
  });
}

/** Attempts at one license's deletion write that lost to another write of it (read again, write again). */
const DETACH_ATTEMPTS = 5;

async function withFreshLicense(id: number, write: (license: LicenseRecord) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const license = await findLicense(id);
    if (!license) return;
    try {
      await write(license);
      return;
    } catch (error) {
      if (!(error instanceof LicenseChangedError) || attempt >= DETACH_ATTEMPTS) throw error;
    }
  }
}

/**
 * An organisation's license whose buyer's account is deleted stays the organisation's, enabled (its seat
 * is its members'): the organisation's owner becomes its owner of record (an organisation the buyer owned
 * was handed to its heir before: domains.ts), and a seat the buyer's own machine held is released. One
 * left without an owner keeps the buyer's id until the portal's admins name one.
 */
async function passToOrganisation(license: LicenseRecord, userId: number, now: Date): Promise<void> {
  const heir = await organisationOwnerId(license.organisation_id!);
  const newOwner = heir !== null && heir !== userId ? heir : undefined;
  const seatHeld = license.reserved_to === userId && license.fingerprint !== undefined && license.hid === undefined;
  if (newOwner === undefined && !seatHeld) return;
  await writeLicense(
    license,
    { ...(newOwner === undefined ? {} : { user_id: newOwner }), ...(seatHeld ? FREE_SEAT : {}) },
    { now, others: seatHeld ? [seatEvent('release', license.id, userId, { fingerprint: license.fingerprint }, now)] : [] },
  );
}

/**
 * Account deletion, for licenses (decision 029). Found through the user's copies, the one list of what
 * they own and what is shared with them:
 * - a seat they hold on a license shared with them is released (the owner may use it again), and the
 *   share ends;
 * - a license they own stays (orders, refunds and subscriptions name it) but is detached: disabled,
 *   its seat released, its shares ended (the recipients lose it), with a `release` seat event if a
 *   machine held it; one of an organisation stays the organisation's (passToOrganisation);
 * - their copies go.
 * Each write is one transaction as any license write (list row, copies, counters); a license changed
 * meanwhile is read and written again, and a run after an interruption finds what was done done.
 */
export async function detachLicensesOf(userId: number, now = new Date()): Promise<void> {
  const { own, shared } = await licenseListOf(userId);
  for (const { license: copy } of shared) {
    await withFreshLicense(copy.id, async (license) => {
      if (license.reserved_to === userId && license.fingerprint && license.hid === undefined) {
        await freeSeat(license, license.fingerprint, userId, 'release', now);
        return withFreshLicense(copy.id, async (freed) => ((freed.shared_users ?? []).includes(userId) ? cancelShare(freed, userId) : undefined));
      }
      if ((license.shared_users ?? []).includes(userId) || (await sharedUserIds(license.id)).includes(userId)) await cancelShare(license, userId);
    });
  }
  for (const copy of own) {
    await withFreshLicense(copy.id, async (license) => {
      if (license.user_id !== userId) return;
      if (license.organisation_id !== undefined) return passToOrganisation(license, userId, now);
      const shares = await sharedUserIds(license.id);
      const seatHeld = license.reserved_to !== undefined && license.fingerprint !== undefined && license.hid === undefined;
      if (!license.enabled && !seatHeld && shares.length === 0 && (license.shared_users ?? []).length === 0) return;
      await writeLicense(
        license,
        {
          enabled: false,
          shared_count: 0,
          shared_users: [],
          ...(seatHeld ? FREE_SEAT : {}),
        },
        {
          now,
          others: [
            ...shares.map((shareUserId) => LicenseShareEntity.build(DeleteTransaction).key({ license_id: license.id, user_id: shareUserId })),
            ...(seatHeld ? [seatEvent('release', license.id, userId, { fingerprint: license.fingerprint }, now, { holder: license.reserved_to })] : []),
          ],
        },
      );
    });
  }
  // The owner's copies were written again with the licenses: they go last.
  const { own: left, shared: sharedLeft } = await licenseListOf(userId);
  for (const license of [...left, ...sharedLeft.map((entry) => entry.license)]) {
    await LicenseViewEntity.build(DeleteItemCommand).key({ user_id: userId, license_id: license.id }).send();
  }
}
