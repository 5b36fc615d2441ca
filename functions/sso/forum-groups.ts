import { LICENSE_TYPE_IDS, type LicenseTypeId } from '../../shared/licenses/catalog';
import { FIRMWARE_TYPES } from '../../shared/downloads/releases';

/**
 * The forum groups the portal owns, which every DiscourseConnect answer sets for the user signing in:
 * one per license type the user holds an active license of (owned or shared with them), one per kind of
 * hardware they have registered, and one for administrators. Names are lower case and at most 20
 * characters (Discourse's default longest group name); the forum's operator creates the groups (Discourse
 * adds users only to groups that exist). docs/deploy.md, "The forum: single sign-on and groups", lists them.
 */
export const licenseGroup = (type: LicenseTypeId) => `license-${type.toLowerCase()}`;
/** The hardware kinds with a group: the product lines the portal knows (Arc, Ace); other product ids get none. */
export const HARDWARE_KINDS = FIRMWARE_TYPES;
export const hardwareGroup = (kind: (typeof HARDWARE_KINDS)[number]) => `hardware-${kind.toLowerCase()}`;
export const ADMINS_GROUP = 'portal-admins';

/** Every group name the portal owns, and so the only ones it ever adds a user to or removes them from. */
export const PORTAL_FORUM_GROUPS: readonly string[] = [...LICENSE_TYPE_IDS.map(licenseGroup), ...HARDWARE_KINDS.map(hardwareGroup), ADMINS_GROUP];

/** What decides a license's group: its type and whether it can be used today. */
export interface GroupLicense {
  license_type_id: LicenseTypeId;
  enabled: boolean;
  valid_from: string;
  /** null: perpetual. */
  valid_to?: string | null;
}

export interface ForumMember {
  /** The licenses the user owns and those shared with them. */
  licenses: readonly GroupLicense[];
  /** The product ids (Arc, Ace …) of the units they registered. */
  productIds: readonly string[];
  isAdmin: boolean;
}

/** The day a license is judged on, as its dates are written (UTC, YYYY-MM-DD). */
const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** A license can be used today: enabled, begun, and not ended (its last day counts). */
export function isActiveLicense(license: GroupLicense, now: Date): boolean {
  const today = utcDay(now);
  return license.enabled && license.valid_from.slice(0, 10) <= today && (license.valid_to == null || license.valid_to.slice(0, 10) >= today);
}

/**
 * The DiscourseConnect `add_groups` and `remove_groups` for a user: the portal's groups they belong to,
 * and every other portal group (so a lapsed license or a unit given away leaves its group at the next
 * sign-in). No other group is ever named: groups the forum's staff manage stay as they are.
 */
export function forumGroups(member: ForumMember, now = new Date()): { add_groups: string[]; remove_groups: string[] } {
  const kinds = new Set(member.productIds.map((id) => id.toLowerCase()));
  const member_of = new Set([
    ...member.licenses.filter((license) => isActiveLicense(license, now)).map((license) => licenseGroup(license.license_type_id)),
    ...HARDWARE_KINDS.filter((kind) => kinds.has(kind.toLowerCase())).map(hardwareGroup),
    ...(member.isAdmin ? [ADMINS_GROUP] : []),
  ]);
  return {
    add_groups: PORTAL_FORUM_GROUPS.filter((group) => member_of.has(group)),
    remove_groups: PORTAL_FORUM_GROUPS.filter((group) => !member_of.has(group)),
  };
}
