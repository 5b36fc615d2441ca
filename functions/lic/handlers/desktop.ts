import { decodeBase64urlJson } from '../../../shared/base64url';
import type { licContract } from '../../../shared/contract/lic';
import { licenseMessages } from '../../../shared/licenses/messages';
import {
  MACHINE_WINDOW_DAYS,
  MACHINES_PER_WINDOW,
  leaseEnd,
  TAKEOVERS_PER_DAY,
  machineSchema,
  type Machine,
} from '../../../shared/licenses/seat';
import {
  findLicense,
  LicenseChangedError,
  recentSeatMachines,
  renewSeat,
  reserveSeat,
  seatMarkedAt,
  seatMachineId,
  type LicenseRecord,
} from '../../domain/licenses/licenses.repository';
import { machineBudgetRefusal, unusableReason } from '../../domain/licenses/seat.rules';
import { boundedMemo } from '../../lib/bounded-memo';
import { getTableName } from '../../lib/config';
import { licenseSigningKey } from '../../lib/signing';
import { badRequest, conflict } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';
import { recordSeatsHeld, recordUse } from '../../domain/usage/usage-figures';
import { licenseFor } from './license-access';
import { reserveFloatingSeat } from './floating';
import { refuse, signedReservation } from './seat-answers';
import { organisationSeatOf, organisationSeatRefusal, stillMember, type OrganisationSeat } from '../../domain/organisations/organisation-seat';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** Machines decoded lately: the app sends the same payload on every call, and decoding and checking it cost as much as building its rows. */
const decodedMachines = boundedMemo<string, Readonly<Machine>>(1_000);

/** The machine the desktop app describes in `payload`; anything else is a clear 400. */
export function decodeMachine(payload: string): Readonly<Machine> {
  return decodedMachines.get(payload) ?? decodedMachines.set(payload, Object.freeze(parseMachine(payload)));
}

function parseMachine(payload: string): Machine {
  let decoded: unknown;
  try {
    decoded = decodeBase64urlJson(payload);
  } catch {
    throw badRequest(licenseMessages.badPayload);
  }
  const parsed = machineSchema.safeParse(decoded);
  if (!parsed.success) throw badRequest(licenseMessages.badPayload);
  return parsed.data;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** What the app asks for: a takeover from the user's other machine, or only the renewal of its own lease. */
interface SeatRequest {
  takeover: boolean;
  renew: boolean;
}

/** Whether the machine holds the license's seat for this user. */
const heldBy = (license: LicenseRecord, userId: number, machine: Machine) =>
  license.fingerprint === machine.fingerprint && license.reserved_to === userId;

/**
 * Why this machine cannot have the seat, as the app is told, and whether it is because another machine
 * holds it (the usage screen counts those refusals); null when it may.
 */
export function refusal(
  license: LicenseRecord,
  userId: number,
  machine: Machine,
  { takeover, renew }: SeatRequest,
  now: Date,
  organisation?: OrganisationSeat,
): { reason: string; seatTaken: boolean } | null {
  const unusable = unusableReason(license, today(now));
  if (unusable) return { reason: licenseMessages[unusable], seatTaken: false };
  const outside = organisation && organisationSeatRefusal(license, userId, organisation);
  if (outside) return { reason: licenseMessages[outside], seatTaken: false };
  // A renewal never takes a free seat: after a return or a takeover only a new reservation (the user's act) may.
  if (renew) return heldBy(license, userId, machine) ? null : { reason: licenseMessages.noLongerHeld, seatTaken: false };
  if (license.fingerprint === undefined || organisation?.reclaimFrom !== undefined) return null;
  // Another user's seat is theirs, also for a machine that claims the same fingerprint.
  if (license.reserved_to !== userId) return { reason: licenseMessages.heldByAnotherUser, seatTaken: true };
  if (license.fingerprint === machine.fingerprint) return null;
  if (!takeover) return { reason: licenseMessages.heldByYourMachine(license.hostname ?? license.fingerprint), seatTaken: true };
  return null;
}

const DAY_MS = 86_400_000;

/** Why the machine budget refuses this machine now (it would be one machine too many in the window); null when it may. */
export async function machineBudget(license: LicenseRecord, machine: Machine, now: Date): Promise<string | null> {
  const windowMs = MACHINE_WINDOW_DAYS * DAY_MS;
  const over = machineBudgetRefusal(await recentSeatMachines(license.id), seatMachineId(machine.fingerprint), {
    max: MACHINES_PER_WINDOW,
    since: new Date(now.getTime() - windowMs),
    windowMs,
  });
  if (!over) return null;
  const from = `${over.from.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return licenseMessages.machineBudget(MACHINES_PER_WINDOW, MACHINE_WINDOW_DAYS, from);
}

/**
 * How long a machine's mark for the machine budget (a window of days) stands before a renewal writes it
 * again: an app that renews more often (restarted through the day, a script) costs a read, not a write.
 */
const MARK_REFRESH_MS = 3_600_000;

/** When this instance last saw each machine's mark written (by itself, or as read): marks it need not read again. */
const marksSeen = boundedMemo<string, number>(10_000);

/** A machine's mark, in the table this call reads (one process may serve several: the local stack's tenants). */
const markKey = (license: LicenseRecord, machine: Machine) => `${getTableName()}|${license.id}|${machine.fingerprint}`;

/** When the machine's mark was written, if within MARK_REFRESH_MS (a member's membership was read just now too); null: it is older. */
async function markedLately(license: LicenseRecord, machine: Machine, now: Date): Promise<Date | null> {
  const key = markKey(license, machine);
  const seen = marksSeen.get(key);
  if (seen !== undefined && now.getTime() - seen < MARK_REFRESH_MS) return new Date(seen);
  const marked = await seatMarkedAt(license.id, machine.fingerprint);
  if (marked === null || now.getTime() - Date.parse(marked) >= MARK_REFRESH_MS) return null;
  marksSeen.set(key, Date.parse(marked));
  return new Date(marked);
}

/** This instance wrote the machine's mark now. */
const markWritten = (license: LicenseRecord, machine: Machine, now: Date) => marksSeen.set(markKey(license, machine), now.getTime());

/** Attempts at a reservation while other writes keep changing the license (each attempt reads it anew). */
const RESERVE_ATTEMPTS = 3;

/**
 * Reserves a license's seat for the machine in `payload` (the owner's or a recipient's of a share), and
 * renews the lease of the machine that already holds it for this user. With `renew` (the app while online)
 * it only renews: a seat returned, released or taken over meanwhile is refused, with nothing written.
 * Of two machines asking at once, the stored condition lets exactly one through; the other is told who
 * holds the seat. A takeover from the user's own other machine counts against the day's budget; a machine
 * beyond the license's recent ones against the machine budget. A write to the license meanwhile that
 * leaves the seat free (an admin's edit) only costs another attempt.
 */
export const reserveLicense: LicHandlers['reserve_license'] = async ({ license_id, payload, takeover = false, renew = false, borrow_days }, { viewer }) => {
  const machine = decodeMachine(payload);
  if (renew && takeover) throw badRequest(licenseMessages.renewWithTakeover);
  const access = await licenseFor(viewer, license_id, { adminSees: false });
  const now = new Date();
  // A license with several seats floats: its machines take seats of their own on short leases.
  if (access.license.seats !== undefined) return reserveFloatingSeat(viewer, access, machine, { renew, ...(borrow_days === undefined ? {} : { borrowDays: borrow_days }) }, now);
  if (borrow_days !== undefined) throw conflict(licenseMessages.borrowNotFloating);
  const { me } = access;
  let { license } = access;
  for (let attempt = 1; ; attempt += 1) {
    // A later attempt reads the membership again: it may have ended meanwhile.
    const organisation = await organisationSeatOf(license, me.id, attempt === 1 ? access.member : undefined);
    const refused = refusal(license, me.id, machine, { takeover, renew }, now, organisation);
    if (refused) await refuse(license, refused, now, { userId: me.id, machine });
    const held = heldBy(license, me.id, machine);
    const reclaimFrom = held ? undefined : organisation?.reclaimFrom;
    const takingOver = takeover && license.fingerprint !== undefined && !held && reclaimFrom === undefined;
    // A member's seat holds only while they are a member: checked in the same transaction.
    const checks = license.organisation_id === undefined ? [] : [stillMember(license.organisation_id, me.id)];
    // The machine holding the seat is one of its recent machines: only another one is budgeted.
    const overBudget = held ? null : await machineBudget(license, machine, now);
    if (overBudget) throw conflict(overBudget);
    /** The end of the lease as it stands, for a renewal that writes nothing. */
    let standing: string | null = null;
    try {
      // The holder renewing under the same name only renews; anything else writes the reservation anew
      // (a renewal under a new name too: only while the license is as read, so still this machine's).
      if (held && license.hostname === machine.hostname) {
        // The consistent read above decided: this machine holds the seat now. Its mark for the machine
        // budget is written again once it is MARK_REFRESH_MS old; a renewal before then writes nothing.
        // Answered with the lease as it stands (from its mark), so the portal's "works until" stays exact.
        const marked = await markedLately(license, machine, now);
        if (marked) standing = leaseEnd(marked, license.valid_to ?? null).toISOString();
        else {
          await renewSeat(license, me.id, machine, { machineWindowDays: MACHINE_WINDOW_DAYS, checks, now });
          markWritten(license, machine, now);
        }
      } else {
        await reserveSeat(license, me.id, machine, {
          takeover: takingOver,
          ...(reclaimFrom === undefined ? {} : { reclaimFrom }),
          checks,
          takeoversPerDay: TAKEOVERS_PER_DAY,
          machineWindowDays: MACHINE_WINDOW_DAYS,
          now,
        });
      }
      const user = { id: me.id, username: viewer.caller.username };
      // The app's start (or a renewal, about daily) is a use of it; the seats held now may be the day's most.
      await Promise.all([
        recordUse({ userId: me.id, version: machine.client_version, os: machine.os, licenseType: license.license_type_id }, now),
        recordSeatsHeld(license.license_type_id, now, { renewal: held }),
      ]);
      const lease = standing === null ? undefined : { kind: 'online' as const, not_after: standing };
      return { license_id, takeover: takingOver, reservation: await signedReservation(license, user, machine, now, lease) };
    } catch (error) {
      if (!(error instanceof LicenseChangedError)) throw error;
      // The stored conditions refused: say what holds the seat now, or that the day's takeovers are used up.
      const current = await findLicense(license_id);
      const refused = current && refusal(current, me.id, machine, { takeover: takingOver, renew }, now, await organisationSeatOf(current, me.id));
      if (refused) await refuse(current, refused, now, { userId: me.id, machine });
      // Unchanged since it was read: only the takeover counter's condition can have refused.
      if (takingOver && current && (current.version ?? 0) === (license.version ?? 0)) {
        throw conflict(licenseMessages.takeoverBudget(TAKEOVERS_PER_DAY));
      }
      if (!current || attempt === RESERVE_ATTEMPTS) throw conflict(licenseMessages.changedMeanwhile);
      license = current;
    }
  }
};

/**
 * The public half of the current signing key, for information: the desktop app checks reservations with
 * the keys it carries (by key id), never with a key fetched from wherever it connects.
 */
export const getLicenseSigningKey: LicHandlers['get_license_signing_key'] = async () => {
  const key = await licenseSigningKey();
  return { key_id: key.keyId, algorithm: 'Ed25519' as const, public_key: key.publicKeyPem };
};
