import * as z from 'zod/mini';
import { LICENSE_TYPE_IDS } from '../licenses/catalog';
import { BORROW_MAX_DAYS, signedReservationSchema } from '../licenses/seat';
import { redeemCodeSchema } from '../commerce/codes';
import { cmd, defineEndpoint } from './define';
import { addonSchema } from './rows/license';

const id = () => z.int().check(z.positive());
const nullableString = () => z.nullable(z.string());
/** A machine's fingerprint as the desktop app computes it. */
/** A machine description, base64url-encoded JSON (shared/licenses/seat.ts). */
const payloadSchema = () => z.string().check(z.minLength(1), z.maxLength(2000));
export const fingerprintSchema = () => z.string().check(z.minLength(1), z.maxLength(200));

export { addonSchema };

/**
 * A person as a customer's result names them: their user id and their first and last name. Customers
 * get names only of people a record links them to (whom they shared a license with, who shared one with
 * them), never an email; admin results carry emails (`*_email`, `user`).
 */
export const personSchema = () => z.object({ id: z.int(), name: z.string() });
export type Person = z.infer<ReturnType<typeof personSchema>>;

/** A license as every list shows it (the fields of the License entity). */
export const licenseRowSchema = () => z.object({
  id: z.int(),
  user_id: z.int(),
  created: z.string(),
  license_type_id: z.enum(LICENSE_TYPE_IDS),
  license_usage_id: z.int(),
  license_usage: z.string(),
  enabled: z.boolean(),
  valid_from: z.string(),
  /** null: perpetual. */
  valid_to: nullableString(),
  tag: nullableString(),
  /** The user whose machine holds the seat. */
  reserved_to: z.nullable(z.int()),
  /**
   * That user's name when it is someone the license links the caller to: the owner (for a recipient), a
   * recipient (for the owner); null for no seat, the caller's own machine on a license nobody else shares,
   * and another recipient's machine (a recipient is never told who the other recipients are).
   */
  reserved_to_name: z.optional(z.nullable(z.string())),
  fingerprint: nullableString(),
  hostname: nullableString(),
  expired: z.boolean(),
  /** Days to the end, negative once expired; null for a perpetual license. */
  days: z.nullable(z.int()),
  /** The dongle the license is bound to. */
  hid: nullableString(),
  subscription_id: z.nullable(z.int()),
  subscription_state: nullableString(),
  shared_count: z.int(),
  addons: z.array(addonSchema()),
  /** The users it is shared with (for its owner; empty for a recipient). */
  shared_users: z.array(z.int()),
  /** The same users with their names (for its owner; empty for a recipient). */
  shared_with: z.optional(z.array(personSchema())),
  /** For a license shared with the caller: who shared it (their username). */
  shared_by: nullableString(),
  /** For a license shared with the caller: the first and last name of who shared it. */
  shared_by_name: z.optional(z.nullable(z.string())),
  /** With a machine's payload: whether that machine may take the seat now. */
  available: z.optional(z.boolean()),
  /** The legacy upgrade product an admin marked the license with (bought on Buy legacy licenses). */
  to_fastspring_product: z.optional(z.nullable(z.string())),
  /** The organisation the license belongs to (its admins manage its seat); null or absent: a person's own. */
  organisation_id: z.optional(z.nullable(z.int())),
  /** That organisation's name, on a member's list. */
  organisation_name: z.optional(z.nullable(z.string())),
  /** For an organisation's license: the member its seat is assigned to; null: the pool (any member). */
  assigned_to: z.optional(z.nullable(z.int())),
  /**
   * On a person's own list, for a seat held by a machine they may see: when its signed lease ends. A
   * returned or released machine keeps working until then, never renewed.
   */
  lease_end: z.optional(z.nullable(z.string())),
  /**
   * A floating license's seats (2 or more): its machines take seats on short leases (the seat fields
   * above stay empty). Absent: one seat.
   */
  seats: z.optional(z.int()),
});
export type LicenseRow = z.infer<ReturnType<typeof licenseRowSchema>>;

/**
 * A subscription the caller pays for, as their Licenses screen shows it: one per license it pays for (a
 * license's own, or an add-on's on it).
 */
export const mySubscriptionSchema = () => z.object({
  id: z.int(),
  license_id: z.int(),
  /** The provider's catalogue path (pro-yearly, automation-addon-yearly …). */
  product: z.string(),
  /** An add-on subscription: the add-on it pays for on the license; null for the license's own. */
  addon_id: z.nullable(z.string()),
  /** active, overdue, canceled or deactivated. */
  state: z.string(),
  /** The next charge (YYYY-MM-DD), or for a canceled one the day it runs out; null once it ended. */
  renews_at: z.nullable(z.string()),
  /** "1 year", "1 month". */
  interval: z.string(),
  /** What it charges a period for this license, as the provider displays it ("€990.00"); null when it does not say. */
  amount: z.nullable(z.string()),
  /** The provider's pre-authenticated account page (invoices, payment method); null when it gives none. */
  url: z.nullable(z.string()),
});
export type MySubscription = z.infer<ReturnType<typeof mySubscriptionSchema>>;

/** A machine holding one of a floating license's seats, as get_floating_seats shows it. */
export const floatingSeatSchema = () =>
  z.object({
    seat: z.int(),
    /** Whose machine it is (their name); null when the caller may not be told. */
    user_id: z.nullable(z.int()),
    name: z.nullable(z.string()),
    hostname: z.string(),
    fingerprint: z.string(),
    /** floating: a short lease its machine renews while it runs; borrow: taken along until `lease_end`. */
    kind: z.enum(['floating', 'borrow']),
    since: z.string(),
    /** When its lease ends; a floating seat whose lease ended is free for the next machine that asks. */
    lease_end: z.string(),
    /** The caller's own machine. */
    mine: z.boolean(),
    /** Whether the caller may free it (return_license): their own machine, or any as the license's owner or its organisation's owner or admin. */
    may_free: z.boolean(),
  });
export type FloatingSeat = z.infer<ReturnType<typeof floatingSeatSchema>>;

const namedIds = <T extends z.ZodMiniType>(idSchema: T) => z.array(z.object({ id: idSchema, name: z.string() }));
const shareParams = () => ({ license_id: id(), with_user_id: id() });
/** Whom a license is shared with: their ids, and the same users with their names (`users`). */
const sharedUsersResult = () => z.object({ license_id: z.int(), user_ids: z.array(z.int()), users: z.optional(z.array(personSchema())) });

/**
 * The `lic/5` endpoint's cmds for every signed-in user: their licenses, sharing and moving them. The
 * admin cmds are in lic.admin.ts, so a customer's chunks never carry them.
 */
export const licContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /**
     * The caller's own licenses and those shared with them. The desktop app sends its machine as
     * `payload` (base64url JSON: fingerprint, hostname, client_version, os) and learns for each license
     * whether that machine may take its seat (`available`).
     */
    get_licenses: cmd('user', () => ({ payload: z.optional(payloadSchema()) }), () => z.object({ licenses: z.array(licenseRowSchema()) })),
    /**
     * Gives the machine in `payload` the license's seat and answers with the reservation, a lease signed
     * (Ed25519) so the app can check it offline until its `not_after`. `renew` (what the app sends while
     * online) only renews the lease of a machine that still holds the seat for the caller, and refuses once
     * the seat was returned or taken over, so a return reaches the machine within one lease; without it,
     * a free seat is taken anew (the user's deliberate act). `takeover` moves the seat from another machine
     * of the same user, a bounded number of times per license and day; new machines per license are
     * budgeted too. A floating license (`seats` on its row) gives one of its seats on a short lease
     * (FLOATING_LEASE_MINUTES, renewed at half), or borrowed for `borrow_days`; the signed reservation's
     * `kind` says which, and `takeover` does not apply to it.
     */
    reserve_license: cmd(
      'user',
      () => ({
        license_id: id(),
        payload: payloadSchema(),
        takeover: z.optional(z.boolean()),
        renew: z.optional(z.boolean()),
        /** A floating license's seat taken along (no network needed) for this many days (1 … BORROW_MAX_DAYS). */
        borrow_days: z.optional(z.int().check(z.minimum(1), z.maximum(BORROW_MAX_DAYS))),
      }),
      () => z.object({ license_id: z.int(), takeover: z.boolean(), reservation: signedReservationSchema }),
    ),
    /**
     * A floating license's seats in use: how many, and the machines holding them. Its owner (and an
     * organisation's owner and admins) see every machine and whose it is; anyone else who may use it sees
     * how many are in use and only their own machines. A lost machine's seat is freed with return_license.
     */
    get_floating_seats: cmd('user', () => ({ license_id: id() }), () =>
      z.object({
        license_id: z.int(),
        seats: z.int(),
        in_use: z.int(),
        held: z.array(floatingSeatSchema()),
      }),
    ),
    /** The public key reservations are signed with now (PEM, SPKI): information only, the app carries its keys. */
    get_license_signing_key: cmd('public', () => ({}), () => z.object({ key_id: z.string(), algorithm: z.literal('Ed25519'), public_key: z.string() })),
    get_license_types: cmd('user', () => ({}), () => z.object({ license_types: namedIds(z.enum(LICENSE_TYPE_IDS)) })),
    get_license_usages: cmd('user', () => ({}), () => z.object({ license_usages: namedIds(z.int()) })),
    /** The users an owned license is shared with (an admin: any license). */
    get_license_shared_users: cmd('user', () => ({ license_id: id() }), sharedUsersResult),
    share_license: cmd('user', shareParams, sharedUsersResult, { limits: ['shareLicense'], audit: true }),
    cancel_share_license: cmd('user', shareParams, sharedUsersResult, { audit: true }),
    /** Gives an owned license that no machine holds to another user (an admin: any plain license). */
    move_license: cmd('user', () => ({ license_id: id(), to_user_id: id() }), () => z.object({ license_id: z.int(), user_id: z.int() }), { limits: ['moveLicense'], audit: true }),
    /**
     * Frees the seat the machine `fingerprint` holds: for the owner, or the user whose machine holds it;
     * never for a license on a dongle.
     */
    return_license: cmd('user', () => ({ license_id: id(), fingerprint: fingerprintSchema() }), () => z.object({ license_id: z.int(), available: z.boolean() }), { audit: 'some' }),
    /**
     * Turns a license code into a license of the caller's: a single-use code once, a campaign code once
     * per user inside its window. With `organisation_id` (one the caller owns or administers) the license
     * goes into that organisation, its seat to the pool.
     */
    redeem_license_code: cmd('user', () => ({ code: redeemCodeSchema, organisation_id: z.optional(id()) }), () => z.object({ license_id: z.int() }), { limits: ['redeemCode'] }),
    /**
     * The subscriptions the caller pays for (bought by them, whoever holds the license now), newest first,
     * with the price and account page the provider gives; counted per user (each read asks the provider).
     */
    get_my_subscriptions: cmd('user', () => ({}), () => z.object({ subscriptions: z.array(mySubscriptionSchema()) }), { limits: ['readSubscriptions'] }),
  },
});
