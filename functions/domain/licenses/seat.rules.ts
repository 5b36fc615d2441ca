import type { Machine } from '../../../shared/licenses/seat';
import { ADDON_IDS, grantedFeatures, type AddonId } from '../../../shared/licenses/catalog';
import type { LicenseRecord } from './license.entity';

/** Whether a license can be used at all today: enabled, not past its end, not bound to a dongle. */
export function unusableReason(license: LicenseRecord, today: string): 'disabled' | 'expired' | 'onDongle' | null {
  if (!license.enabled) return 'disabled';
  if (license.valid_to !== undefined && license.valid_to < today) return 'expired';
  if (license.hid !== undefined && license.hid !== '') return 'onDongle';
  return null;
}

/**
 * Whether `machine` may take the license's seat now: usable, and free or already its own. Given the
 * user asking, "its own" means held for that user (a machine claiming another user's fingerprint is not).
 */
export const availableTo = (license: LicenseRecord, machine: Pick<Machine, 'fingerprint'>, today: string, userId?: number): boolean =>
  unusableReason(license, today) === null &&
  (license.fingerprint === undefined ||
    (license.fingerprint === machine.fingerprint && (userId === undefined || license.reserved_to === userId)));

/** What the license enables, as the reservation states it: the features, BatteryValidation with its channels. */
export function reservedAddons(license: LicenseRecord): { id: AddonId; channels?: number }[] {
  const channels = new Map(license.addons.map((addon) => [addon.id, addon.channels]));
  return grantedFeatures(license.license_type_id, license.addons)
    .filter((id) => ADDON_IDS.includes(id))
    .map((id) => (channels.get(id) === undefined ? { id } : { id, channels: channels.get(id)! }));
}

/** A machine that held the license's seat lately: when it last reserved or renewed it. */
export interface RecentMachine {
  machine: string;
  last_reserved: string;
}

/**
 * Whether `machine` may take the seat under the machine budget: it is one of the machines that held the
 * seat within the window (`since` on), or fewer than `max` did. When it may not, the time from which it
 * may: when the oldest of them leaves the window.
 */
export function machineBudgetRefusal(
  recent: readonly RecentMachine[],
  machine: string,
  { max, since, windowMs }: { max: number; since: Date; windowMs: number },
): { from: Date } | null {
  const inWindow = recent.filter((entry) => Date.parse(entry.last_reserved) >= since.getTime());
  if (inWindow.some((entry) => entry.machine === machine) || inWindow.length < max) return null;
  // A place frees when enough of the oldest have left the window to be below `max` again.
  const times = inWindow.map((entry) => Date.parse(entry.last_reserved)).sort((a, b) => a - b);
  return { from: new Date(times[inWindow.length - max]! + windowMs) };
}
