/**
 * An audit entry in words, as the History of a license, the audit page and a user's actions show it:
 * pure, so the three screens (and their tests) read one entry the same way.
 */

/** Each recorded action's name, also the choices of the audit page's Action filter. */
export const AUDIT_ACTION_NAMES: Readonly<Record<string, string>> = {
  create_license: 'Created',
  update_license: 'Edited',
  disable_license: 'Disabled',
  enable_license: 'Enabled',
  add_license_addon: 'Add-on added',
  update_license_addon: 'Add-on changed',
  remove_license_addon: 'Add-on removed',
  update_license_to_fastspring: 'Marked for the legacy upgrade',
  release_license: 'Released',
  move_license: 'License moved',
  share_license: 'Shared',
  cancel_share_license: 'Share cancelled',
  create_license_codes: 'License codes created',
  cancel_subscription: 'Subscription cancelled',
  convert_pro_subscription: 'Subscription converted',
  move_product: 'Product moved',
  unregister_product: 'Product unregistered',
  set_user_legacy: 'Legacy purchases changed',
  assign_case: 'Case assigned',
  close_case: 'Case closed',
  add_comment: 'Case answered and closed',
  delete_attachment: 'Case attachment deleted',
  delete_user_account: 'Account deletion requested',
  withdraw_account_deletion: 'Account deletion withdrawn',
  upload_iv_curve: 'IV curve changed',
  delete_iv_curve: 'IV curve deleted',
  update_latest: 'Latest entries edited',
  update_news: 'News edited',
  refund_not_restored: 'Refund not restored: check the license',
  create_organisation: 'Organisation created',
  rename_organisation: 'Organisation renamed',
  invite_member: 'Invited to an organisation',
  withdraw_invitation: 'Invitation withdrawn',
  accept_invitation: 'Joined an organisation',
  decline_invitation: 'Invitation declined',
  leave_organisation: 'Left an organisation',
  remove_member: 'Removed from an organisation',
  set_member_role: 'Organisation role changed',
  hand_over_organisation: 'Organisation handed over',
  set_organisation_owner: 'Organisation owner named',
  add_license_to_organisation: 'License added to an organisation',
  assign_license: 'Organisation seat assigned',
  release_organisation_seat: 'Organisation seat released',
  set_license_organisation: 'License organisation changed',
};

/** What the words read of an entry: its action and the changed values as the server wrote them (JSON). */
export interface AuditWordsEntry {
  action: string;
  before?: string | null;
  after?: string | null;
}

/** One side of an entry's change as an object; nothing for none or for text that is not a JSON object. */
export function changedSide(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    // An entry is never edited: one written badly still shows its action, without fields.
    return {};
  }
}

/**
 * How a screen names a user an entry names ("kim@example.com (user 2)" on an admin's screens); by
 * default by number ("user 2"), for a reader that has no names.
 */
export type NameOf = (userId: number) => string;
const byNumber: NameOf = (userId) => `user ${userId}`;

/** One side's user ids of a field that holds users: a list (`shared_users`) or one (`user_id`). */
function userIdsOf(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

/** The fields of an entry's values that hold users, and how a change of each reads. */
const USER_FIELDS: Readonly<Record<string, string>> = { user_id: 'Owner', shared_users: 'Shared with', assigned_to: 'Seat for' };

/**
 * Every user an entry's values name (owners before and after, whom it was shared with), each once: the
 * server answers their emails beside the entry (`people`), so the words can name them.
 */
export function namedUserIds(entry: Pick<AuditWordsEntry, 'before' | 'after'>): number[] {
  const sides = [changedSide(entry.before), changedSide(entry.after)];
  return [...new Set(sides.flatMap((side) => Object.keys(USER_FIELDS).flatMap((field) => userIdsOf(side[field]))))];
}

/** The users a share change added and removed (`shared_users` before and after). */
function shareChange(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was = userIdsOf(before.shared_users);
  const is = userIdsOf(after.shared_users);
  return { added: is.filter((id) => !was.includes(id)), removed: was.filter((id) => !is.includes(id)) };
}

type AddonValue = { id?: unknown };

/** One side's `addons` ([{id, …}]), each with an id. */
const addonsOf = (side: Record<string, unknown>): AddonValue[] =>
  Array.isArray(side.addons) ? side.addons.filter((addon): addon is AddonValue => addon !== null && typeof addon === 'object' && 'id' in addon) : [];

/** The add-on an add-on cmd was about: the one that appeared, went, or changed between both sides. */
function addonOf(before: Record<string, unknown>, after: Record<string, unknown>): string | undefined {
  const was = addonsOf(before);
  const is = addonsOf(after);
  const added = is.find((addon) => !was.some((old) => old.id === addon.id));
  const removed = was.find((old) => !is.some((addon) => addon.id === old.id));
  const changed = is.find((addon) => JSON.stringify(addon) !== JSON.stringify(was.find((old) => old.id === addon.id)));
  const found = added ?? removed ?? changed;
  return found ? String(found.id) : undefined;
}

const ADDON_VERBS: Readonly<Record<string, string>> = { add_license_addon: 'added', update_license_addon: 'changed', remove_license_addon: 'removed' };

/** The name of an action these words do not know: `some_new_cmd` → "Some new cmd". */
function plainName(action: string): string {
  const words = action.replaceAll('_', ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown action';
}

/**
 * What an entry did, in words: "Edited", "Disabled", "Moved to user 12", "Shared with kim@example.com
 * (user 2)", "Add-on Battery added", "Legacy purchases allowed" … (users as `nameOf` names them). An
 * action these words do not know reads as its name.
 */
export function auditActionWords(entry: AuditWordsEntry, nameOf: NameOf = byNumber): string {
  const before = changedSide(entry.before);
  const after = changedSide(entry.after);
  const named = AUDIT_ACTION_NAMES[entry.action] ?? plainName(entry.action);
  if (entry.action === 'move_license' || entry.action === 'move_product') {
    return typeof after.user_id === 'number' ? `Moved to ${nameOf(after.user_id)}` : named;
  }
  if (entry.action === 'share_license' || entry.action === 'cancel_share_license') {
    const { added, removed } = shareChange(before, after);
    if (entry.action === 'share_license' && added.length) return `Shared with ${added.map(nameOf).join(', ')}`;
    if (entry.action === 'cancel_share_license' && removed.length) return `Stopped sharing with ${removed.map(nameOf).join(', ')}`;
    return named;
  }
  const verb = ADDON_VERBS[entry.action];
  if (verb) {
    const addon = addonOf(before, after);
    return addon ? `Add-on ${addon} ${verb}` : named;
  }
  if (entry.action === 'upload_iv_curve' && after.public === true && before.public !== true) return 'IV curve published';
  if (entry.action === 'set_user_legacy' && typeof after.legacy === 'boolean') {
    return after.legacy ? 'Legacy purchases allowed' : 'Legacy purchases withdrawn';
  }
  return named;
}

/** One changed field: its name and each side as text ("none" for no value). */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A value as a change shows it: text as is, no value as "none", anything else as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What no user in a field means: an organisation's seat for nobody in particular is its pool's. */
const NO_USER: Readonly<Record<string, string>> = { assigned_to: 'the pool' };

/** A side of a field holding users, by their names ("nobody" for none). */
function usersText(value: unknown, nameOf: NameOf, none = 'nobody'): string {
  const ids = userIdsOf(value);
  return ids.length ? ids.map(nameOf).join(', ') : none;
}

/** A side of `addons` in words: "Battery, BatteryValidation (4 channels)", "none" for none. */
function addonsText(value: unknown): string {
  const addons = Array.isArray(value) ? value.filter((addon): addon is AddonValue & { channels?: unknown } => addon !== null && typeof addon === 'object' && 'id' in addon) : [];
  if (addons.length === 0) return 'none';
  return addons.map((addon) => (typeof addon.channels === 'number' ? `${String(addon.id)} (${addon.channels} channels)` : String(addon.id))).join(', ');
}

/**
 * Each field an entry changed, in the order the server wrote them (after's, then any only before had);
 * a field holding users reads in words with their names ("Shared with: nobody → kim@example.com (user
 * 2)"), add-ons by name ("Add-ons: none → Battery"), and a share's count, which only repeats the users,
 * is left out.
 */
export function auditFieldChanges(entry: Pick<AuditWordsEntry, 'before' | 'after'>, nameOf: NameOf = byNumber): FieldChange[] {
  const before = changedSide(entry.before);
  const after = changedSide(entry.after);
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const sharesListed = fields.includes('shared_users');
  return fields
    .filter((field) => !(sharesListed && field === 'shared_count'))
    .map((field) => {
      // A membership's change names its role: there the user is the member, not an owner.
      const label = field === 'user_id' && ('role' in after || 'role' in before) ? 'Member' : USER_FIELDS[field];
      if (label) return { field: label, before: usersText(before[field], nameOf, NO_USER[field]), after: usersText(after[field], nameOf, NO_USER[field]) };
      if (field === 'addons') return { field: 'Add-ons', before: addonsText(before[field]), after: addonsText(after[field]) };
      return { field, before: valueText(before[field]), after: valueText(after[field]) };
    });
}

/** A change in one line: "valid_to: 2026-01-01 → 2027-01-01". */
export const fieldChangeText = ({ field, before, after }: FieldChange) => `${field}: ${before} → ${after}`;
