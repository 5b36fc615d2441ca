import * as z from 'zod/mini';
import { LICENSE_TYPE_IDS } from '../licenses/catalog';
import { cmd, defineEndpoint } from '../contract/define';
import { ORGANISATION_LICENSES_PAGE_SIZE, ORGANISATION_ROLES } from './organisations';

export { ORGANISATION_LICENSES_PAGE_SIZE };
import { changeLimit } from './organisations.contract';

const id = () => z.int().check(z.positive());

/** A person an organisation's seat screen names: a member (or its buyer), by id and name. */
const seatPersonSchema = () => z.object({ id: z.int(), name: z.string() });

/** The machine that holds a seat now, and until when its lease lets it work without the portal. */
export const seatHolderSchema = () =>
  z.object({
    user_id: z.int(),
    name: z.string(),
    /** False once they left the organisation or were removed: their seat is free for the others, their machine works until `lease_end`. */
    member: z.boolean(),
    hostname: z.nullable(z.string()),
    since: z.nullable(z.string()),
    /** When its signed lease ends (ISO 8601): a released or lost machine keeps working until then. */
    lease_end: z.nullable(z.string()),
  });
export type SeatHolder = z.infer<ReturnType<typeof seatHolderSchema>>;

/** An organisation's license as its owner and admins (and the portal's admins) see it on the seats screen. */
export const organisationLicenseSchema = () =>
  z.object({
    id: z.int(),
    license_type_id: z.enum(LICENSE_TYPE_IDS),
    valid_from: z.string(),
    valid_to: z.nullable(z.string()),
    enabled: z.boolean(),
    expired: z.boolean(),
    /** Who bought it (the license's owner of record). */
    bought_by: seatPersonSchema(),
    /** The member its seat is for; null: the pool (any member). */
    assigned_to: z.nullable(seatPersonSchema()),
    /** Who holds its seat now; null: free (or a floating license: see `seats`). */
    holder: z.nullable(seatHolderSchema()),
    /** A floating license: its seats, and how many machines' leases run on them now (Licenses → Seats names them). */
    seats: z.optional(z.int()),
    in_use: z.optional(z.int()),
  });
export type OrganisationLicense = z.infer<ReturnType<typeof organisationLicenseSchema>>;

const organisationLicenseResult = () => z.object({ organisation_id: z.int(), license: organisationLicenseSchema() });

/**
 * The organisations feature's seat cmds, served by the `lic/5` endpoint beside the licenses they write.
 * Each license has one seat. An organisation's owner and admins manage its seats; a member uses the seat
 * of a license assigned to them or left to the pool (get_licenses lists those, reserve_license takes one).
 * Every change is audited in the organisation's history.
 */
export const organisationSeatsContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /**
     * One page of an organisation's licenses (ORGANISATION_LICENSES_PAGE_SIZE, newest first), with who may
     * use each and who holds its seat now: its owner and admins, and the portal's admins. `search` finds a
     * license id, a type or a person's name or machine.
     */
    get_organisation_licenses: cmd(
      'user',
      () => ({ organisation_id: id(), page: z.optional(id()), search: z.optional(z.string().check(z.trim(), z.maxLength(100))) }),
      () =>
        z.object({
          organisation_id: z.int(),
          /** The caller's role; null for a portal admin who is not a member. */
          role: z.nullable(z.enum(ORGANISATION_ROLES)),
          licenses: z.array(organisationLicenseSchema()),
          count: z.int(),
          /** The members a seat may be assigned to (id and name), for the screen's choice. */
          members: z.array(seatPersonSchema()),
        }),
    ),
    /**
     * Puts a license the caller owns into an organisation they own or administer (a purchase or a code of
     * theirs for the team): its seat goes to the pool, its shares end, and the organisation's admins manage it.
     */
    add_license_to_organisation: cmd('user', () => ({ license_id: id(), organisation_id: id() }), organisationLicenseResult, {
      limits: [changeLimit],
      audit: true,
    }),
    /**
     * Assigns a license's seat to a member (`user_id`), or leaves it to the pool (null): its owner or an
     * admin. A seat held by someone else is released with it (their machine works until its lease ends).
     */
    assign_license: cmd('user', () => ({ organisation_id: id(), license_id: id(), user_id: z.nullable(id()) }), organisationLicenseResult, {
      limits: [changeLimit],
      audit: true,
    }),
    /**
     * Frees a license's seat held by a lost or absent machine (its owner or an admin): the seat is free at
     * once, and the old machine keeps working until its lease ends (`lease_end`), never renewed.
     */
    release_organisation_seat: cmd('user', () => ({ organisation_id: id(), license_id: id() }), organisationLicenseResult, {
      limits: [changeLimit],
      audit: true,
    }),
  },
});
