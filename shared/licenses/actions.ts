import { isCampaignLicenseTag } from '../commerce/codes';

/**
 * Which actions a caller may take on a license. The screens show only these; the server checks the same
 * rules on the stored record, whatever a client sends.
 */

/** The fields the action rules read. */
export interface LicenseActionFields {
  /** The owner's user id. */
  user_id: number;
  /** The user whose machine holds the license's seat; null while nobody holds it. */
  reserved_to: number | null;
  /** The hardware unit (dongle) the license is bound to; a bound license is neither returned nor released here. */
  hid: string | null;
  enabled: boolean;
  subscription_id: number | null;
  subscription_state: string | null;
  license_type_id: string;
  addons: readonly { id: string }[];
  /** Where the license came from (`order:…`, `code:…`, `campaign-code:…`); a campaign's license is not moved. */
  tag?: string | null;
  /** The organisation it belongs to: its admins manage its seat, so its owner neither moves nor shares it. */
  organisation_id?: number | null;
}

export type CustomerAction = 'move' | 'share' | 'stop_sharing' | 'return';
export type AdminAction = 'release' | 'disable' | 'enable' | 'edit' | 'move' | 'cancel_subscription' | 'convert_subscription';

export const isReserved = (license: Pick<LicenseActionFields, 'reserved_to'>): boolean => license.reserved_to !== null;
export const isOnDongle = (license: Pick<LicenseActionFields, 'hid'>): boolean => license.hid !== null && license.hid !== '';
const isSubscription = (license: Pick<LicenseActionFields, 'subscription_id'>): boolean => license.subscription_id !== null;

/**
 * A customer's actions: the owner moves a license that no machine holds (nor a dongle), unless it came
 * from a campaign code, and shares it (not one from a campaign code) or stops sharing it; recipients of a share do neither. The owner, or the user whose machine holds the
 * seat, returns a reserved license that is not on a dongle. An organisation's license is moved, shared and
 * returned by none of them but the member whose machine holds it (its admins release seats).
 */
export function customerActions(license: LicenseActionFields, callerId: number): Set<CustomerAction> {
  const actions = new Set<CustomerAction>();
  const organisations = license.organisation_id != null;
  // An organisation's license is its admins' to manage: whoever bought it keeps it like any member.
  const owner = license.user_id === callerId && !organisations;
  if (owner && !isReserved(license) && !isOnDongle(license) && !isCampaignLicenseTag(license.tag)) actions.add('move');
  if (owner) {
    // Sharing a campaign's license would collect it through many accounts as a move would.
    if (!isCampaignLicenseTag(license.tag)) actions.add('share');
    actions.add('stop_sharing');
  }
  if (isReserved(license) && !isOnDongle(license) && (owner || license.reserved_to === callerId)) actions.add('return');
  return actions;
}

/** Subscription states in which the subscription may still be canceled or converted. */
const CANCELABLE_STATES = new Set<string | null>(['active', null]);

/**
 * An admin's actions: Release a reserved license not on a dongle. A plain license: Disable or Enable,
 * Edit and Move. A subscription that is active (or whose state is not yet known): Cancel, and Convert for a
 * Pro license with exactly one add-on; both ask for confirmation on screen.
 */
export function adminActions(license: LicenseActionFields): Set<AdminAction> {
  const actions = new Set<AdminAction>();
  if (isReserved(license) && !isOnDongle(license)) actions.add('release');
  if (!isSubscription(license)) {
    actions.add(license.enabled ? 'disable' : 'enable');
    actions.add('edit');
    actions.add('move');
  } else if (CANCELABLE_STATES.has(license.subscription_state)) {
    actions.add('cancel_subscription');
    if (license.license_type_id === 'Pro' && license.addons.length === 1) actions.add('convert_subscription');
  }
  return actions;
}
