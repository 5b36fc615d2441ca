// What the desktop app is answered when it asks for a seat (online, offline or floating): a signed lease, or a refusal.
import { encodeReservation, LEASE_DAYS, leaseEnd, type LeaseKind, type Machine, type Reservation } from '../../../shared/licenses/seat';
import type { LicenseRecord } from '../../domain/licenses/licenses.repository';
import { reservedAddons } from '../../domain/licenses/seat.rules';
import { recordSeatRefusal } from '../../domain/licenses/seat-events';
import { recordSeatRefused } from '../../domain/usage/usage-figures';
import { conflict } from '../../lib/errors';
import { licenseSigningKey } from '../../lib/signing';

/** Who was turned away, on which machine. */
export interface RefusedMachine {
  userId: number;
  machine: Partial<Machine>;
}

/**
 * Refuses the reservation with `refused`'s reason. A seat another machine holds (`seatTaken`) is counted in
 * the usage figures and, naming `who`, in the license's seat history, so its customer sees how often their
 * seats were not enough.
 */
export async function refuse(license: LicenseRecord, refused: { reason: string; seatTaken: boolean }, now: Date, who?: RefusedMachine): Promise<never> {
  if (refused.seatTaken) {
    await Promise.all([recordSeatRefused(license.license_type_id, now), ...(who ? [recordSeatRefusal(license.id, who.userId, who.machine, now)] : [])]);
  }
  throw conflict(refused.reason);
}

/** What kind of lease is signed, and for an offline one what ties it to its request. */
export type LeaseTerms = {
  kind: LeaseKind;
  lease_id?: string;
  nonce?: string;
} & (
  | /** Its length (LEASE_DAYS for an online lease), never past the license's last day. */ { days: number }
  | /** Its end, as stored (a floating seat renewed before half its lease ran out). */ { not_after: string }
);

const ONLINE: LeaseTerms = { kind: 'online', days: LEASE_DAYS };

/** The signed lease: what the license grants this user on this machine, until `not_after`. */
export async function signedReservation(license: LicenseRecord, user: { id: number; username: string }, machine: Machine, now: Date, lease: LeaseTerms = ONLINE) {
  const { kind, lease_id, nonce } = lease;
  const terms = { kind, ...(lease_id === undefined ? {} : { lease_id }), ...(nonce === undefined ? {} : { nonce }) };
  const key = await licenseSigningKey();
  const validTo = license.valid_to ?? null;
  const reservation: Reservation = {
    license_id: license.id,
    license_type_id: license.license_type_id,
    addons: reservedAddons(license),
    fingerprint: machine.fingerprint,
    valid_to: validTo,
    issued_at: now.toISOString(),
    not_after: 'not_after' in lease ? lease.not_after : leaseEnd(now, validTo, lease.days).toISOString(),
    user_id: user.id,
    username: user.username,
    key_id: key.keyId,
    ...terms,
  };
  const token = encodeReservation(reservation);
  return { token, signature: key.sign(Buffer.from(token, 'ascii')).toString('base64url') };
}

