import * as z from 'zod/mini';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../licenses/catalog';
import { isoDateSchema } from '../licenses/dates';
import { MAX_FLOATING_SEATS } from '../licenses/seat';
import { LEGACY_UPGRADE_PATHS } from '../commerce/catalogue';
import { campaignCodeSchema, durationSchema, MAX_CODE_COUNT } from '../commerce/codes';
import { csvExportSchema } from '../lists/admin-list-params';
import { codeListColumns, licenseListColumns, subscriptionListColumns } from '../lists/admin-lists';
import { listParams } from '../lists/declare';
import { cmd, defineEndpoint } from './define';
import { adminLicenseRowSchema } from './rows/license';
import { auditEntrySchema } from '../audit/entries';

const id = () => z.int().check(z.positive());
/** An end date; empty or null means perpetual. */
const validToSchema = () => z.nullable(z.union([z.literal(''), isoDateSchema]));
const licenseChanged = () => z.object({ license_id: z.int() });
/** BatteryValidation's channels: what a measurement unit can validate at once. */
const addonAttributes = () => z.strictObject({ channels: z.optional(z.int().check(z.minimum(1), z.maximum(64))) });

/** The admin license list's page size: 20 a page, and its one page of exports. */
export const ALL_LICENSES_PAGE_SIZE = licenseListColumns.pageSize;
export { DEFAULT_EXPIRED_IN, DEFAULT_EXPIRES_WITHIN } from '../lists/admin-lists';
/** The dongle list's length: up to 9999 rows. */
export const DONGLE_ROWS = 9999;

export { adminLicenseRowSchema, type AdminLicenseRow } from './rows/license';

export const licenseGraphPointSchema = () => z.object({ date: z.string(), license_type_id: z.string(), perpetual: z.int(), subscription: z.int() });
export type LicenseGraphPoint = z.infer<ReturnType<typeof licenseGraphPointSchema>>;

/** The columns the list sorts by: the table's columns (State sorts by the days left, Perpetual last). */
export const LICENSE_ORDER_COLUMNS = licenseListColumns.orderBy;
export type LicenseOrderColumn = (typeof LICENSE_ORDER_COLUMNS)[number];

/** A filter a form may send empty (`''` or null): no filter. */
const optionalFilter = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(z.union([z.literal(''), schema])));
const days = () => optionalFilter(z.int().check(z.minimum(0), z.maximum(100_000)));
/** A user as typed (text), or a user id as a number, as every other cmd takes ids: the list reads both as text. */
const userFilter = () => optionalFilter(
  z.pipe(
    z.union([z.string().check(z.maxLength(200)), z.int().check(z.positive())]),
    z.transform((user: string | number) => String(user)),
  ),
);

/** The filters of the all-licenses list, as get_all_licenses names them. */
export const licenseListFilters = () => ({
  /** Keep licenses that expired at most this many days ago (0: none expired). */
  expired_in: days(),
  /** Keep licenses that end within this many days (9999, the default, also keeps licenses with no end). */
  expires_within: days(),
  /** A user id, or text found in the owner's email or company. */
  user: userFilter(),
  license_id: optionalFilter(id()),
  license_type: optionalFilter(z.enum(LICENSE_TYPE_IDS)),
  license_usage_id: optionalFilter(id()),
});

const order = () => ({
  order_by: z.optional(z.enum(LICENSE_ORDER_COLUMNS)),
  descending: z.optional(z.boolean()),
});

export const dongleSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  user_id: z.int(),
  /** The license owner's email (null when the owner is gone). */
  user_email: z.optional(z.nullable(z.string())),
  hid: z.string(),
  license_id: z.int(),
});

/** A license code as the code list shows it, with its redemptions. */
export const licenseCodeRowSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  code: z.string(),
  /** The admin who generated it. */
  user_id: z.int(),
  /** That admin's email (null when gone). */
  user_email: z.optional(z.nullable(z.string())),
  description: z.string(),
  license_type_id: z.enum(LICENSE_TYPE_IDS),
  license_usage_id: z.int(),
  license_usage: z.string(),
  single_usage: z.boolean(),
  /** ISO period of the licenses it gives (null: a campaign's licenses end with the campaign). */
  duration: z.nullable(z.string()),
  /** The window it may be redeemed in (null: open). */
  valid_from: z.nullable(z.string()),
  valid_to: z.nullable(z.string()),
  used: z.boolean(),
  /** Who redeemed a single-use code (null: nobody yet, or a campaign code). */
  used_by: z.nullable(z.int()),
  /** The redeemer's email (null: nobody yet, a campaign code, or the user is gone). */
  used_by_email: z.optional(z.nullable(z.string())),
  /** How many times it was redeemed (a campaign code: once per user). */
  redemptions: z.int(),
});
export type LicenseCodeRow = z.infer<ReturnType<typeof licenseCodeRowSchema>>;
export const LICENSE_CODE_ORDER_COLUMNS = codeListColumns.orderBy;

/** A subscription as the subscription list shows it, with its owner and product. */
export const subscriptionRowSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  license_id: z.int(),
  /** Which of the subscription's licenses this is (a subscription of quantity n has n licenses, 0 … n-1). */
  index: z.int(),
  /** active, overdue, canceled or deactivated. */
  state: z.string(),
  user_id: z.int(),
  /** The owner's email (joined from the users list). */
  user: z.string(),
  /** The provider's catalogue path. */
  product: z.string(),
  /** The provider's subscription id. */
  reference: z.string(),
  /** The next charge (YYYY-MM-DD), null once it ends. */
  renews_at: z.nullable(z.string()),
});
export type SubscriptionRow = z.infer<ReturnType<typeof subscriptionRowSchema>>;

/** An add-on subscription on a license, as a subscription's detail names it. */
export const addonSubscriptionSchema = () => z.object({
  id: z.int(),
  license_id: z.int(),
  addon_id: z.string(),
  state: z.string(),
  renews_at: z.nullable(z.string()),
});
export type AddonSubscription = z.infer<ReturnType<typeof addonSubscriptionSchema>>;
export const SUBSCRIPTION_ORDER_COLUMNS = subscriptionListColumns.orderBy;

/** The `lic/5` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const licAdminContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /** One page of every license, filtered and sorted (created, newest first, unless asked otherwise). */
    get_all_licenses: cmd(
      'admin',
      () => ({
        limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
        page: z.optional(z.int().check(z.minimum(1))),
        ...order(),
        ...licenseListFilters(),
      }),
      () => z.object({ rows: z.array(adminLicenseRowSchema()), count: z.int() }),
      { reads: true, list: licenseListColumns },
    ),
    /** The filtered list as a CSV file (every row, in the list's order), each filter named as its param. */
    get_license_users: cmd(
      'admin',
      () => ({
        expiredIn: licenseListFilters().expired_in,
        expiresWithin: licenseListFilters().expires_within,
        user: licenseListFilters().user,
        licenseType: licenseListFilters().license_type,
        license_id: licenseListFilters().license_id,
        license_usage_id: licenseListFilters().license_usage_id,
        ...order(),
      }),
      () => csvExportSchema,
      { reads: true },
    ),
    /** The licenses bound to a dongle, newest first (up to 9999). */
    get_license_dongles: cmd('admin', () => ({}), () => z.object({ dongles: z.array(dongleSchema()) }), { reads: true }),
    /**
     * Licenses by type (every type, in the catalogue's order): active (enabled and valid today, perpetual
     * ones included), reserved (a machine holds the seat), perpetual (enabled, no end). Read from counters.
     */
    get_license_statistics: cmd(
      'admin',
      () => ({}),
      () => z.object({
        license_type_stats: z.array(z.object({ license_type: z.string(), active: z.int(), reserved: z.int(), perpetual: z.int() })),
        /**
         * The dashboard's charts: per day shown (the first day of each of the last 12 months, then today) and
         * license type, the enabled licenses valid that day, without an end (`perpetual`) and with one
         * (`subscription`). Oldest first, every type at every day.
         */
        graph: z.array(licenseGraphPointSchema()),
      }),
      { reads: true },
    ),
    /** A new license for a user; an empty or null valid_to makes it perpetual. */
    create_license: cmd(
      'admin',
      () => ({
        user_id: id(),
        license_type_id: z.enum(LICENSE_TYPE_IDS),
        license_usage_id: id(),
        valid_from: isoDateSchema,
        valid_to: validToSchema(),
        /** Several seats (2 … MAX_FLOATING_SEATS) make a floating license: its machines take seats on short leases. */
        seats: z.optional(z.nullable(z.int().check(z.minimum(2), z.maximum(MAX_FLOATING_SEATS)))),
      }),
      () => z.object({ license_id: z.int() }),
      { audit: true },
    ),
    /** Usage and end of a plain license; its type and start stay as they are. */
    update_license: cmd('admin', () => ({ license_id: id(), license_usage_id: id(), valid_to: validToSchema() }), licenseChanged, { audit: true }),
    disable_license: cmd('admin', () => ({ license_id: id() }), licenseChanged, { audit: true }),
    enable_license: cmd('admin', () => ({ license_id: id() }), licenseChanged, { audit: true }),
    /** A Pro license's add-ons (AT, BT, BVT with its channels). */
    add_license_addon: cmd('admin', () => ({ license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: z.optional(addonAttributes()) }), licenseChanged, { audit: true }),
    update_license_addon: cmd('admin', () => ({ license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: addonAttributes() }), licenseChanged, { audit: true }),
    remove_license_addon: cmd('admin', () => ({ license_id: id(), addon_id: z.enum(ADDON_IDS) }), licenseChanged, { audit: true }),
    /** Marks a legacy license with the upgrade product its owner may buy (`''` or null: no upgrade). */
    update_license_to_fastspring: cmd(
      'admin',
      () => ({ license_id: id(), product: z.nullable(z.union([z.literal(''), z.enum(LEGACY_UPGRADE_PATHS)])) }),
      licenseChanged,
      { audit: true },
    ),
    /**
     * Generates codes: `count` single-use codes of `duration`, or one campaign code (`code`) that every user
     * may redeem once between valid_from and valid_to. Returns the codes it made.
     */
    create_license_codes: cmd(
      'admin',
      () => ({
        license_type_id: z.enum(LICENSE_TYPE_IDS),
        license_usage_id: z._default(id(), 4),
        single_usage: z.boolean(),
        description: z.string().check(z.maxLength(500)),
        count: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_CODE_COUNT))),
        duration: z.optional(z.nullable(durationSchema)),
        code: z.optional(z.nullable(campaignCodeSchema)),
        valid_from: z.optional(z.nullable(z.union([z.literal(''), isoDateSchema]))),
        valid_to: z.optional(z.nullable(z.union([z.literal(''), isoDateSchema]))),
      }),
      () => z.object({ codes: z.array(z.string()) }),
      { audit: true },
    ),
    /** One page of the license codes, newest first unless asked otherwise; `search` finds code, description or user. */
    get_license_codes: cmd(
      'admin',
      () => listParams(codeListColumns),
      () => z.object({ codes: z.array(licenseCodeRowSchema()), count: z.int() }),
      { reads: true, list: codeListColumns },
    ),
    /** One page of the subscriptions, newest first unless asked otherwise; `search` finds user, product, state or ids. */
    get_subscriptions: cmd(
      'admin',
      () => listParams(subscriptionListColumns),
      () => z.object({ subscriptions: z.array(subscriptionRowSchema()), count: z.int() }),
      { reads: true, list: subscriptionListColumns },
    ),
    /** A subscription with its interval, next charge and the provider's account page for it. */
    get_subscription: cmd(
      'admin',
      () => ({ subscription_id: id() }),
      () => z.object({
        ...subscriptionRowSchema().shape,
        /** "1 year", "1 month". */
        interval: z.string(),
        renews_at: z.nullable(z.string()),
        /** The provider's pre-authenticated account page for the subscription (null when it cannot give one). */
        url: z.nullable(z.string()),
        /** After a conversion: the product it was and the day (YYYY-MM-DD). */
        converted_from: z.optional(z.nullable(z.string())),
        converted_on: z.optional(z.nullable(z.string())),
        /** The add-on subscriptions its conversion ended (the product it became includes their add-on). */
        ended_addon_subscriptions: z.optional(z.array(z.int())),
        /** An add-on subscription ended by a conversion: the day, and the subscription converted. */
        ended_on: z.optional(z.nullable(z.string())),
        ended_by_conversion_of: z.optional(z.nullable(z.int())),
        /**
         * An add-on subscription canceled with its license's subscription (this one) while its provider
         * subscription goes on for add-ons on other licenses.
         */
        canceled_with: z.optional(z.nullable(z.int())),
        /** The add-on subscriptions still charging on its licenses: canceling it cancels them too. */
        addon_subscriptions: z.optional(z.array(addonSubscriptionSchema())),
      }),
      { reads: true },
    ),
    /**
     * The audit entries naming a license (its History), newest first: one page of `limit` (20 unless
     * asked, at most 100), and how many there are (`count`); a history grows with every move and share.
     */
    get_license_history: cmd(
      'admin',
      () => ({ license_id: id(), limit: z.optional(z.int().check(z.minimum(1), z.maximum(100))), page: z.optional(id()) }),
      () => z.object({ entries: z.array(auditEntrySchema), count: z.int() }),
      { reads: true },
    ),
    /** Cancels the subscription of a license at the end of its period, through the provider. */
    /**
     * Cancels the subscription of a license at the end of its period, through the provider, and the add-on
     * subscriptions still charging on its licenses with it (`canceled_addon_subscriptions`).
     */
    cancel_subscription: cmd(
      'admin',
      () => ({ license_id: id() }),
      () => z.object({ license_id: z.int(), subscription_id: z.int(), state: z.string(), canceled_addon_subscriptions: z.optional(z.array(z.int())) }),
      { audit: true },
    ),
    /**
     * Converts the subscription of a Pro license with exactly one add-on into the toolbox subscription of the
     * same interval, through the provider (prorated); the license becomes the toolbox's, and the add-on
     * subscriptions on its licenses are ended at the provider (prorated) so the add-on is not paid twice.
     */
    convert_pro_subscription: cmd('admin', () => ({ subscription_id: id() }), () => z.object({ subscription_id: z.int(), product: z.string() }), { audit: true }),
  },
});
