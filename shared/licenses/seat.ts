import * as z from 'zod/mini';
import { encodeBase64urlJson } from '../base64url';
import { ADDON_IDS, LICENSE_TYPE_IDS } from './catalog';

/**
 * The desktop seat protocol's shared parts: the machine the app describes, and the signed reservation
 * it keeps. The portal signs with Ed25519; the app checks the signature offline with the public key the
 * portal publishes (`get_license_signing_key`), so a saved reservation cannot be forged or edited.
 */

/** A machine, as the desktop app describes itself (sent base64url-encoded as `payload`). */
export const machineSchema = z.strictObject({
  fingerprint: z.string().check(z.minLength(1), z.maxLength(200)),
  hostname: z.string().check(z.minLength(1), z.maxLength(255)),
  client_version: z.string().check(z.minLength(1), z.maxLength(50)),
  os: z.string().check(z.minLength(1), z.maxLength(50)),
});
export type Machine = z.infer<typeof machineSchema>;

export const encodeMachine = (machine: Machine): string => encodeBase64urlJson(machine);

/** The kinds of lease a signed reservation may be. */
export const LEASE_KINDS = ['online', 'offline', 'floating', 'borrow'] as const;
export type LeaseKind = (typeof LEASE_KINDS)[number];

/** What a reservation grants, as signed. */
export const reservationSchema = z.strictObject({
  license_id: z.int(),
  license_type_id: z.enum(LICENSE_TYPE_IDS),
  /** What the license enables: Automation, Battery, BatteryValidation (with its channels). */
  addons: z.array(z.strictObject({ id: z.enum(ADDON_IDS), channels: z.optional(z.int()) })),
  fingerprint: z.string(),
  /** Last day (YYYY-MM-DD); null for a perpetual license. */
  valid_to: z.nullable(z.string()),
  /** When the portal signed it (ISO 8601). */
  issued_at: z.string(),
  /**
   * The end of this lease (ISO 8601): LEASE_DAYS after issued_at, never past the license's last day. The
   * app renews it while online (reserve_license with `renew` and the same fingerprint) and refuses it afterwards.
   */
  not_after: z.string(),
  /** The user it was issued to, by id and username. */
  user_id: z.int(),
  username: z.string(),
  /** Which portal key signed it. */
  key_id: z.string(),
  /**
   * Which kind of lease it is: `online` (a single seat's, renewed while online), `offline` (carried to a
   * machine without network, see offline.ts), `floating` (one of a license's several seats, for
   * FLOATING_LEASE_MINUTES, renewed at half that), `borrow` (a floating seat taken along for up to
   * BORROW_MAX_DAYS). Absent on a lease signed before kinds: online.
   */
  kind: z.optional(z.enum(LEASE_KINDS)),
  /** An offline lease's id: the machine's return code names it. */
  lease_id: z.optional(z.string()),
  /** An offline lease: the nonce of the request it answers, so the machine knows it is the answer to its own. */
  nonce: z.optional(z.string()),
});
export type Reservation = z.infer<typeof reservationSchema>;

/**
 * The answer to a reservation: `token` is the reservation as base64url JSON, `signature` the Ed25519
 * signature (base64url) of the token's ASCII bytes. Signing the token as sent avoids any question of how
 * JSON is laid out.
 */
export const signedReservationSchema = z.strictObject({ token: z.string(), signature: z.string() });
export type SignedReservation = z.infer<typeof signedReservationSchema>;

/** The takeovers a license allows per day (UTC): a user's other machine may take its seat this often. */
export const TAKEOVERS_PER_DAY = 3;

/**
 * How long a signed reservation holds: the app's offline grace. A return, refund, disable or end reaches
 * every machine within one lease, since a renewal is then refused.
 */
export const LEASE_DAYS = 7;

/**
 * How many machines may hold a license's seat within any MACHINE_WINDOW_DAYS (a reservation or renewal
 * marks its machine as recent); a machine beyond them is refused until the oldest falls out of the window.
 * The window is one lease, so this also bounds the machines holding an unexpired answer at any moment.
 */
export const MACHINES_PER_WINDOW = 3;
export const MACHINE_WINDOW_DAYS = LEASE_DAYS;

const DAY_MS = 86_400_000;

/**
 * A floating seat's lease: short, so a seat frees itself soon after its machine stops. The app renews it
 * at half its length while it runs. An ended lease keeps its seat until someone else needs it, so a
 * machine back after a weekend carries on where no one took its place.
 */
export const FLOATING_LEASE_MINUTES = 20;
/** The longest a floating seat may be borrowed (taken along without network), in days; returned early or not. */
export const BORROW_MAX_DAYS = 7;
/** The most seats a floating license may have. */
export const MAX_FLOATING_SEATS = 100;

/** The end of a lease of `days` issued at `issuedAt` for a license whose last day is `validTo` (null: perpetual). */
export function leaseEnd(issuedAt: Date, validTo: string | null, days: number = LEASE_DAYS): Date {
  const lease = new Date(issuedAt.getTime() + Math.round(days * DAY_MS));
  if (validTo === null) return lease;
  const afterLastDay = new Date(Date.parse(`${validTo}T00:00:00.000Z`) + DAY_MS);
  return afterLastDay < lease ? afterLastDay : lease;
}

export const encodeReservation = (reservation: Reservation): string => encodeBase64urlJson(reservation);
