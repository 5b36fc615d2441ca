import { licenseMessages } from '../../../shared/licenses/messages';
import { FLOATING_LEASE_MINUTES, leaseEnd, type Machine } from '../../../shared/licenses/seat';
import { floatingSeatsOf, holdFloatingSeat, runningFloatingSeats } from '../../domain/licenses/floating-seats';
import { chooseFloatingSeat } from '../../domain/licenses/floating.rules';
import { findLicense, LicenseChangedError, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { unusableReason } from '../../domain/licenses/seat.rules';
import { managesSeatsOf, organisationSeatOf, organisationSeatRefusal, stillMember } from '../../domain/organisations/organisation-seat';
import { recordUse } from '../../domain/usage/usage-figures';
import type { Viewer } from '../../lib/caller';
import { conflict } from '../../lib/errors';
import { licenseFor, type LicenseAccess } from './license-access';
import { personName } from '../../domain/users/person';
import { usersByIds, type UserRecord } from '../../domain/users/users.repository';
import { refuse, signedReservation } from './seat-answers';

const MINUTES_PER_DAY = 1_440;

/**
 * Gives the machine one of a floating license's seats: its own again (a renewal), a free one, or one whose
 * lease ended (reclaimed only now that it is needed); refused when every seat's lease runs. `borrowDays`
 * takes the seat along for that many days (never reclaimed before they end; returned early with
 * return_license). `renew` only renews this machine's own seat. Each attempt reads the seats anew; a lost
 * race (another machine took the chosen seat) only costs another attempt, and the seat conditions keep
 * the machines holding seats at most the license's seats.
 */
export async function reserveFloatingSeat(
  viewer: Viewer,
  access: LicenseAccess,
  machine: Machine,
  { renew, borrowDays }: { renew: boolean; borrowDays?: number },
  now: Date,
) {
  const { me } = access;
  let license: LicenseRecord = access.license;
  const attempts = Math.min(license.seats!, 20) + 2;
  for (let attempt = 1; ; attempt += 1) {
    const unusable = unusableReason(license, now.toISOString().slice(0, 10));
    if (unusable) throw conflict(licenseMessages[unusable]);
    const organisation = await organisationSeatOf(license, me.id, attempt === 1 ? access.member : undefined);
    const outside = organisation && organisationSeatRefusal(license, me.id, organisation);
    if (outside) throw conflict(licenseMessages[outside]);
    const seatsInUse = await floatingSeatsOf(license.id);
    const choice = chooseFloatingSeat(license.seats!, seatsInUse, machine.fingerprint, me.id, now);
    if (renew && !('take' in choice && choice.take === 'own')) throw conflict(licenseMessages.noLongerHeld);
    if ('full' in choice) return refuse(license, { reason: licenseMessages.floatingFull(license.seats!, choice.firstEnd), seatTaken: true }, now, { userId: me.id, machine });
    const terms = borrowDays === undefined ? { kind: 'floating' as const, days: FLOATING_LEASE_MINUTES / MINUTES_PER_DAY } : { kind: 'borrow' as const, days: borrowDays };
    const asked = leaseEnd(now, license.valid_to ?? null, terms.days);
    // A renewal while more than half its lease remains (and of the same kind) is answered with the lease as it
    // stands, with nothing written: the app renews at half, a restarted one sooner.
    const standing = choice.take === 'own' && choice.held.kind === terms.kind && Date.parse(choice.held.lease_end) - now.getTime() > (asked.getTime() - now.getTime()) / 2;
    if (standing) return answer(viewer, license, machine, now, { kind: terms.kind, not_after: choice.held.lease_end });
    try {
      await holdFloatingSeat(
        license,
        choice.take === 'free' ? choice.seat : choice.held.seat,
        choice.take === 'free' ? undefined : choice.held,
        me.id,
        machine,
        { kind: terms.kind, lease_end: asked.toISOString() },
        {
          checks: license.organisation_id === undefined ? [] : [stillMember(license.organisation_id, me.id)],
          now,
          // A free seat is one more in use; a reclaimed one takes the place of the ended lease.
          inUse: seatsInUse.length + (choice.take === 'free' ? 1 : 0),
        },
      );
    } catch (error) {
      if (!(error instanceof LicenseChangedError)) throw error;
      const current = await findLicense(license.id);
      if (!current || attempt === attempts) throw conflict(licenseMessages.changedMeanwhile);
      license = current;
      continue;
    }
    // A new seat (not the app's renewal every few minutes) is a use of the app.
    if (choice.take !== 'own') await recordUse({ userId: me.id, version: machine.client_version, os: machine.os, licenseType: license.license_type_id }, now);
    return answer(viewer, license, machine, now, { kind: terms.kind, not_after: asked.toISOString() });
  }
}

/** The signed answer: a floating or borrowed lease ending at `not_after`. */
const answer = async (viewer: Viewer, license: LicenseRecord, machine: Machine, now: Date, lease: { kind: 'floating' | 'borrow'; not_after: string }) => ({
  license_id: license.id,
  takeover: false,
  reservation: await signedReservation(license, { id: viewer.userId, username: viewer.caller.username }, machine, now, lease),
});

/**
 * A floating license's seats in use. Its owner and its organisation's seat managers see every machine and
 * whose it is (by name); a user it is shared with, or a member using it, sees the count and their own.
 */
export async function floatingSeatsView(viewer: Viewer, licenseId: number) {
  const access = await licenseFor(viewer, licenseId);
  const { license, me } = access;
  if (license.seats === undefined) throw conflict(licenseMessages.notFloating);
  // Who manages the seats sees (and may free) every machine.
  const manages = access.owner || access.admin || (license.organisation_id !== undefined && (await managesSeatsOf(license.organisation_id, me.id)));
  const held = await runningFloatingSeats(license.id);
  const shown = manages ? held : held.filter((seat) => seat.user_id === me.id);
  const names = manages ? await usersByIds(new Set(shown.map((seat) => seat.user_id))) : new Map<number, UserRecord>();
  return {
    license_id: license.id,
    seats: license.seats,
    in_use: held.length,
    held: shown
      .sort((a, b) => a.seat - b.seat)
      .map((seat) => ({
        seat: seat.seat,
        user_id: manages || seat.user_id === me.id ? seat.user_id : null,
        name: names.has(seat.user_id) ? personName(names.get(seat.user_id)!) : null,
        hostname: seat.hostname,
        fingerprint: seat.fingerprint,
        kind: seat.kind,
        since: seat.since,
        lease_end: seat.lease_end,
        mine: seat.user_id === me.id,
        may_free: manages || seat.user_id === me.id,
      })),
  };
}
