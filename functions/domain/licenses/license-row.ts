import type { LicenseRow } from '../../../shared/contract/lic';
import { licenseUsageName } from '../../../shared/licenses/catalog';
import { daysLeft } from '../../../shared/licenses/display';
import type { LicenseActionFields } from '../../../shared/licenses/actions';
import type { LicenseRecord } from './license.entity';

/** The fields the shared action rules read, from the stored record. */
export const actionFields = (license: LicenseRecord): LicenseActionFields => ({
  user_id: license.user_id,
  reserved_to: license.reserved_to ?? null,
  hid: license.hid ?? null,
  enabled: license.enabled,
  subscription_id: license.subscription_id ?? null,
  subscription_state: license.subscription_state ?? null,
  license_type_id: license.license_type_id,
  addons: license.addons,
  tag: license.tag ?? null,
  organisation_id: license.organisation_id ?? null,
});

/** Names of users by id: the people a customer's list may name (see licenseListNames). */
export type Names = ReadonlyMap<number, string>;

/** Who a license's row names beside its fields: whom it is shared with, who shared it, and the names the caller may read. */
export interface LicenseRowPeople {
  sharedUsers: number[];
  /** Who shared it with the caller (their username), null on the caller's own license. */
  sharedBy: string | null;
  /** Names of the people the row may name; a user missing here (gone) gets an empty name. */
  names?: Names;
}

/** The name of the user whose machine holds the seat, when the caller may know who that is: the owner or one it is shared with. */
const reservedToName = (license: LicenseRecord, sharedUsers: readonly number[], names: Names | undefined): string | null =>
  license.reserved_to != null && (license.reserved_to === license.user_id || sharedUsers.includes(license.reserved_to))
    ? (names?.get(license.reserved_to) ?? null)
    : null;

/** A stored license as the lists show it. */
export function toLicenseRow(license: LicenseRecord, extra: LicenseRowPeople, today = new Date()): LicenseRow {
  const days = daysLeft(license.valid_to ?? null, today);
  return {
    id: license.id,
    user_id: license.user_id,
    created: license.created,
    license_type_id: license.license_type_id,
    license_usage_id: license.license_usage_id,
    license_usage: licenseUsageName(license.license_usage_id),
    enabled: license.enabled,
    valid_from: license.valid_from,
    valid_to: license.valid_to ?? null,
    tag: license.tag ?? null,
    reserved_to: license.reserved_to ?? null,
    reserved_to_name: reservedToName(license, extra.sharedUsers, extra.names),
    fingerprint: license.fingerprint ?? null,
    hostname: license.hostname ?? null,
    expired: days !== null && days < 0,
    days,
    hid: license.hid ?? null,
    subscription_id: license.subscription_id ?? null,
    subscription_state: license.subscription_state ?? null,
    shared_count: extra.sharedUsers.length,
    addons: license.addons.map(({ id, channels }) => ({ id, attributes: channels === undefined ? {} : { channels } })),
    shared_users: extra.sharedUsers,
    shared_with: extra.sharedUsers.map((id) => ({ id, name: extra.names?.get(id) ?? '' })),
    shared_by: extra.sharedBy,
    shared_by_name: extra.sharedBy === null ? null : (extra.names?.get(license.user_id) ?? null),
    to_fastspring_product: license.to_fastspring_product ?? null,
    ...(license.organisation_id === undefined ? {} : { organisation_id: license.organisation_id, assigned_to: license.assigned_to ?? null }),
    ...(license.seats === undefined ? {} : { seats: license.seats }),
  };
}

/**
 * A license shared with `recipientId`, as they see it: in use or free, but not the machine of another
 * user (fingerprint, hostname) nor the owner's order tag. Their own machine's seat they do see (they
 * return it with its fingerprint).
 */
export function toSharedLicenseRow(license: LicenseRecord, recipientId: number, sharedBy: string | null, today = new Date(), names?: Names): LicenseRow {
  const row = toLicenseRow(license, { sharedUsers: [], sharedBy, names }, today);
  const theirs = license.reserved_to === recipientId;
  // The recipient may know the owner's name and their own, never another recipient's.
  const nameable = license.reserved_to === recipientId || license.reserved_to === license.user_id;
  // The row is new: its fields are overwritten in place (same fields, same order), not copied.
  row.tag = null;
  if (!theirs) {
    row.fingerprint = null;
    row.hostname = null;
  }
  row.reserved_to_name = nameable ? (names?.get(license.reserved_to!) ?? null) : null;
  return row;
}

/**
 * An organisation's license as a member who may use its seat sees it (assigned to them, or the pool's):
 * from which organisation, in use or free, but not another member's machine nor its buyer's order tag.
 */
export function toOrganisationLicenseRow(license: LicenseRecord, memberId: number, organisationName: string | null, today = new Date()): LicenseRow {
  const row = toLicenseRow(license, { sharedUsers: [], sharedBy: null }, today);
  row.tag = null;
  if (license.reserved_to !== memberId) {
    row.fingerprint = null;
    row.hostname = null;
  }
  row.organisation_name = organisationName;
  row.assigned_to = license.assigned_to ?? null;
  return row;
}
