import * as z from 'zod/mini';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../licenses/catalog';
import { isoDateSchema } from '../licenses/dates';
import { cmd, defineEndpoint } from './define';
import { addonSchema } from './lic';

const id = () => z.int().check(z.positive());
/** An end date; empty or null means perpetual. */
const validToSchema = z.nullable(z.union([z.literal(''), isoDateSchema]));
const licenseChanged = z.object({ license_id: z.int() });
/** BatteryValidation's channels: what a measurement unit can validate at once. */
const addonAttributes = z.strictObject({ channels: z.optional(z.int().check(z.minimum(1), z.maximum(64))) });

/** The admin license list's page size (spec §9), and its one page of exports. */
export const ALL_LICENSES_PAGE_SIZE = 20;
/** The filters' defaults (spec §9): no expired license; any end within 9999 days, which includes no end. */
export const DEFAULT_EXPIRED_IN = 0;
export const DEFAULT_EXPIRES_WITHIN = 9999;
/** The dongle list's length (spec §9). */
export const DONGLE_ROWS = 9999;

/** A license as the admin lists show it: its fields, its owner's email (`user`) and company. */
export const adminLicenseRowSchema = z.object({
  id: z.int(),
  created: z.string(),
  user_id: z.int(),
  /** The owner's email; empty when the owner is gone. */
  user: z.string(),
  company: z.string(),
  license_type_id: z.enum(LICENSE_TYPE_IDS),
  license_usage_id: z.int(),
  license_usage: z.string(),
  enabled: z.boolean(),
  valid_from: z.string(),
  /** null: perpetual. */
  valid_to: z.nullable(z.string()),
  reserved_to: z.nullable(z.int()),
  fingerprint: z.nullable(z.string()),
  hostname: z.nullable(z.string()),
  hid: z.nullable(z.string()),
  subscription_id: z.nullable(z.int()),
  subscription_state: z.nullable(z.string()),
  tag: z.nullable(z.string()),
  shared_count: z.int(),
  addons: z.array(addonSchema),
  expired: z.boolean(),
  /** Days to the end, negative once expired; null for a perpetual license. */
  days: z.nullable(z.int()),
});
export type AdminLicenseRow = z.infer<typeof adminLicenseRowSchema>;

/** The columns the list sorts by: the table's columns (State sorts by the days left, Perpetual last). */
export const LICENSE_ORDER_COLUMNS = [
  'id',
  'created',
  'user',
  'company',
  'license_type_id',
  'license_usage',
  'enabled',
  'valid_from',
  'valid_to',
  'reserved_to',
  'state',
  'shared_count',
] as const;
export type LicenseOrderColumn = (typeof LICENSE_ORDER_COLUMNS)[number];

/** A filter a form may send empty (`''` or null): no filter. */
const optionalFilter = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(z.union([z.literal(''), schema])));
const days = () => optionalFilter(z.int().check(z.minimum(0), z.maximum(100_000)));
const userFilter = optionalFilter(z.string().check(z.maxLength(200)));

/** The filters of the all-licenses list, as get_all_licenses names them. */
export const licenseListFilters = {
  /** Keep licenses that expired at most this many days ago (0: none expired). */
  expired_in: days(),
  /** Keep licenses that end within this many days (9999, the default, also keeps licenses with no end). */
  expires_within: days(),
  /** A user id, or text found in the owner's email or company. */
  user: userFilter,
  license_id: optionalFilter(id()),
  license_type: optionalFilter(z.enum(LICENSE_TYPE_IDS)),
  license_usage_id: optionalFilter(id()),
};

const order = {
  order_by: z.optional(z.enum(LICENSE_ORDER_COLUMNS)),
  descending: z.optional(z.boolean()),
};

export const dongleSchema = z.object({ id: z.int(), created: z.string(), user_id: z.int(), hid: z.string(), license_id: z.int() });

/** A CSV file in the exports bucket, served at /umdata/{filename} for time_alive seconds. */
export const csvExportSchema = z.object({ filename: z.string(), time_alive: z.int() });

/** The `lic/5` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const licAdminContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /** One page of every license, filtered and sorted (created, newest first, unless asked otherwise). */
    get_all_licenses: cmd(
      'admin',
      {
        limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
        page: z.optional(z.int().check(z.minimum(1))),
        ...order,
        ...licenseListFilters,
      },
      z.object({ rows: z.array(adminLicenseRowSchema), count: z.int() }),
    ),
    /** The filtered list as a CSV file (every row, in the list's order), as the spec names its filters. */
    get_license_users: cmd(
      'admin',
      {
        expiredIn: licenseListFilters.expired_in,
        expiresWithin: licenseListFilters.expires_within,
        user: licenseListFilters.user,
        licenseType: licenseListFilters.license_type,
        license_id: licenseListFilters.license_id,
        license_usage_id: licenseListFilters.license_usage_id,
        ...order,
      },
      csvExportSchema,
    ),
    /** The licenses bound to a dongle, newest first (up to 9999). */
    get_license_dongles: cmd('admin', {}, z.object({ dongles: z.array(dongleSchema) })),
    /** A new license for a user; an empty or null valid_to makes it perpetual. */
    create_license: cmd(
      'admin',
      {
        user_id: id(),
        license_type_id: z.enum(LICENSE_TYPE_IDS),
        license_usage_id: id(),
        valid_from: isoDateSchema,
        valid_to: validToSchema,
      },
      z.object({ license_id: z.int() }),
    ),
    /** Usage and end of a plain license; its type and start stay as they are. */
    update_license: cmd('admin', { license_id: id(), license_usage_id: id(), valid_to: validToSchema }, licenseChanged),
    disable_license: cmd('admin', { license_id: id() }, licenseChanged),
    enable_license: cmd('admin', { license_id: id() }, licenseChanged),
    /** A Pro license's add-ons (AT, BT, BVT with its channels). */
    add_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: z.optional(addonAttributes) }, licenseChanged),
    update_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: addonAttributes }, licenseChanged),
    remove_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS) }, licenseChanged),
  },
});
