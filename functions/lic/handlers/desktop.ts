import { decodeBase64urlJson } from '../../../shared/base64url';
import type { licContract } from '../../../shared/contract/lic';
import { licenseMessages } from '../../../shared/licenses/messages';
import {
  TAKEOVERS_PER_DAY,
  encodeReservation,
  machineSchema,
  type Machine,
  type Reservation,
} from '../../../shared/licenses/seat';
import { reserveSeat, findLicense, LicenseChangedError, type LicenseRecord } from '../../domain/licenses/licenses.repository';
import { reservedAddons, unusableReason } from '../../domain/licenses/seat.rules';
import { badRequest, conflict } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { licenseSigningKey } from '../../lib/signing';
import { licenseFor } from './license-access';

type LicHandlers = EndpointHandlers<typeof licContract>;

/** The machine the desktop app describes in `payload`; anything else is a clear 400. */
export function decodeMachine(payload: string): Machine {
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

/** Why this machine cannot have the seat, as the app is told; null when it may. */
function refusal(license: LicenseRecord, userId: number, machine: Machine, takeover: boolean, now: Date): string | null {
  const reason = unusableReason(license, today(now));
  if (reason) return licenseMessages[reason];
  if (license.fingerprint === undefined || license.fingerprint === machine.fingerprint) return null;
  if (license.reserved_to !== userId) return licenseMessages.heldByAnotherUser;
  if (!takeover) return licenseMessages.heldByYourMachine(license.hostname ?? license.fingerprint);
  return null;
}

async function signedReservation(license: LicenseRecord, machine: Machine, now: Date) {
  const key = await licenseSigningKey();
  const reservation: Reservation = {
    license_id: license.id,
    license_type_id: license.license_type_id,
    addons: reservedAddons(license),
    fingerprint: machine.fingerprint,
    valid_to: license.valid_to ?? null,
    issued_at: now.toISOString(),
    key_id: key.keyId,
  };
  const token = encodeReservation(reservation);
  return { token, signature: key.sign(Buffer.from(token, 'ascii')).toString('base64url') };
}

/** Attempts at a reservation while other writes keep changing the license (each attempt reads it anew). */
const RESERVE_ATTEMPTS = 3;

/**
 * Reserves a license's seat for the machine in `payload` (the owner's or a recipient's of a share).
 * Of two machines asking at once, the stored condition lets exactly one through; the other is told who
 * holds the seat. A takeover from the user's own other machine counts against the day's budget. A write
 * to the license meanwhile that leaves the seat free (an admin's edit) only costs another attempt.
 */
export const reserveLicense: LicHandlers['reserve_license'] = async ({ license_id, payload, takeover = false }, { caller }) => {
  const machine = decodeMachine(payload);
  const access = await licenseFor(caller, license_id, { adminSees: false });
  const { me } = access;
  let { license } = access;
  const now = new Date();
  for (let attempt = 1; ; attempt += 1) {
    const refused = refusal(license, me.id, machine, takeover, now);
    if (refused) throw conflict(refused);
    const takingOver = takeover && license.fingerprint !== undefined && license.fingerprint !== machine.fingerprint;
    try {
      await reserveSeat(license, me.id, machine, { takeover: takingOver, takeoversPerDay: TAKEOVERS_PER_DAY, now });
      return { license_id, takeover: takingOver, reservation: await signedReservation(license, machine, now) };
    } catch (error) {
      if (!(error instanceof LicenseChangedError)) throw error;
      // The stored conditions refused: say what holds the seat now, or that the day's takeovers are used up.
      const current = await findLicense(license_id);
      const reason = current && refusal(current, me.id, machine, takingOver, now);
      if (reason) throw conflict(reason);
      // Unchanged since it was read: only the takeover counter's condition can have refused.
      if (takingOver && current && (current.version ?? 0) === (license.version ?? 0)) {
        throw conflict(licenseMessages.takeoverBudget(TAKEOVERS_PER_DAY));
      }
      if (!current || attempt === RESERVE_ATTEMPTS) throw conflict(licenseMessages.changedMeanwhile);
      license = current;
    }
  }
};

/** The public half of the signing key, for the desktop app (and anyone) to check reservations. */
export const getLicenseSigningKey: LicHandlers['get_license_signing_key'] = async () => {
  const key = await licenseSigningKey();
  return { key_id: key.keyId, algorithm: 'Ed25519' as const, public_key: key.publicKeyPem };
};
