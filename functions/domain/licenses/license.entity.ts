import { Entity, type FormattedItem } from 'dynamodb-toolbox/entity';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { list } from 'dynamodb-toolbox/schema/list';
import { map } from 'dynamodb-toolbox/schema/map';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../../../shared/licenses/catalog';
import { portalTable, timestamps } from '../../lib/db/table';

/**
 * A license: owned by one user, perhaps shared, perhaps held by one machine (the reservation's fields),
 * perhaps bound to a dongle (`hid`). Keys and access patterns: docs/decisions/019-license-data-keys.md.
 *
 * | access pattern              | key / index                                         | operation |
 * |-----------------------------|-----------------------------------------------------|-----------|
 * | a license by id             | pk `license#{id}`, sk `license`                     | GetItem   |
 * | a user's own licenses       | gsi1 `licenses-of#{userId}` / `license#{id:10}`     | Query     |
 */
const licenseSchema = item({
  id: number().key(),
  user_id: number(),
  license_type_id: string().enum(...LICENSE_TYPE_IDS),
  license_usage_id: number(),
  enabled: boolean().default(true),
  /** First day (YYYY-MM-DD). */
  valid_from: string(),
  /** Last day (YYYY-MM-DD); absent for a perpetual license. */
  valid_to: string().optional(),
  addons: list(map({ id: string().enum(...ADDON_IDS), channels: number().optional() })).default([]),
  /** The user whose machine holds the seat, and that machine. */
  reserved_to: number().optional(),
  fingerprint: string().optional(),
  hostname: string().optional(),
  reserved_since: string().optional(),
  /**
   * The seat is held by a machine without network, through an offline lease (offline.ts): which lease (its
   * return code names it), the machine's public key (that signs the return code), and when the lease ends.
   */
  offline_lease: map({ lease_id: string(), machine_key: string(), lease_end: string() }).optional(),
  hid: string().optional(),
  /** The dongle's own id (the dongle list shows it beside the license id); set with `hid`. */
  dongle_id: number().optional(),
  subscription_id: number().optional(),
  subscription_state: string().optional(),
  tag: string().optional(),
  /** The legacy upgrade product (catalogue path) an admin marked the license with. */
  to_fastspring_product: string().optional(),
  /** How many users it is shared with: the admin list's shared icon, kept by the share writes. */
  shared_count: number().optional(),
  /** Whom it is shared with (kept by the share writes): each of them gets the license's copy on every write. */
  shared_users: list(number()).optional(),
  /** The organisation it belongs to: its owner and admins decide who uses its seat (its owner of record still `user_id`, who bought it). */
  organisation_id: number().optional(),
  /** For an organisation's license: the member its seat is for; absent: the pool (any member). */
  assigned_to: number().optional(),
  /**
   * A floating license's number of seats (2 or more): its machines hold seats of their own (FloatingSeatEntity)
   * on short leases, and the seat fields above stay empty. Absent: one seat, held as above.
   */
  seats: number().optional(),
  /** Counts the writes; each write is conditioned on the count it read (absent on a new license: 0). */
  version: number().optional(),
});

/** A license's partition: the license, its shares, its seat machines. */
export const licensePartition = (id: number) => `license#${id}`;
export const licenseKey = (id: number) => ({ pk: licensePartition(id), sk: 'license' });
/** Sorts license ids as numbers within a partition of the index. */
export const licenseSortKey = (id: number) => `license#${String(id).padStart(10, '0')}`;
export const licensesOfPartition = (userId: number) => `licenses-of#${userId}`;

export const LicenseEntity = new Entity({
  name: 'license',
  table: portalTable,
  schema: licenseSchema.and({
    gsi1pk: string()
      .hidden()
      .link<typeof licenseSchema>(({ user_id }) => licensesOfPartition(user_id)),
    gsi1sk: string()
      .hidden()
      .link<typeof licenseSchema>(({ id }) => licenseSortKey(id)),
  }),
  computeKey: ({ id }) => licenseKey(id),
  timestamps,
});

export type LicenseRecord = FormattedItem<typeof LicenseEntity>;
