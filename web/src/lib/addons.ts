import type { AddonId } from '../../../shared/licenses/catalog';
import { ADDON_IDS } from '../../../shared/licenses/catalog';

/** A Pro license's add-on as the screens handle it: BatteryValidation with its channels. */
export interface Addon {
  id: AddonId;
  channels?: number;
}

/** The add-ons' short names, as the license edit shows them (AT, BT, BVT). */
export const ADDON_LABELS: Record<AddonId, string> = {
  Automation: 'AT',
  Battery: 'BT',
  BatteryValidation: 'BVT',
};

/** The add-ons' long names, beside their short ones in the forms. */
export const ADDON_DESCRIPTIONS: Record<AddonId, string> = {
  Automation: 'Automation toolbox',
  Battery: 'Battery toolbox',
  BatteryValidation: 'Battery validation',
};

/** Add-ons in one line, e.g. "AT, BVT (8 channels)". */
export const addonsText = (addons: readonly { id: AddonId; attributes?: { channels?: number } }[]): string =>
  ADDON_IDS.flatMap((id) => {
    const addon = addons.find((candidate) => candidate.id === id);
    if (!addon) return [];
    const channels = addon.attributes?.channels;
    return [channels === undefined ? ADDON_LABELS[id] : `${ADDON_LABELS[id]} (${channels} channels)`];
  }).join(', ');

/** One add-on cmd: what turns a license's add-ons into the ones asked for. */
export type AddonChange =
  | { cmd: 'add_license_addon'; addon_id: AddonId; attributes?: { channels: number } }
  | { cmd: 'update_license_addon'; addon_id: AddonId; attributes: { channels: number } }
  | { cmd: 'remove_license_addon'; addon_id: AddonId };

/**
 * The cmds that turn the add-ons `before` into `after`: add what is new (BatteryValidation with its
 * channels), remove what is gone, and update BatteryValidation whose channels changed. Nothing for what
 * stays as it was.
 */
export function addonChanges(before: readonly Addon[], after: readonly Addon[]): AddonChange[] {
  return ADDON_IDS.flatMap((addon_id): AddonChange[] => {
    const was = before.find((addon) => addon.id === addon_id);
    const will = after.find((addon) => addon.id === addon_id);
    if (!was && will) {
      return [will.channels === undefined ? { cmd: 'add_license_addon', addon_id } : { cmd: 'add_license_addon', addon_id, attributes: { channels: will.channels } }];
    }
    if (was && !will) return [{ cmd: 'remove_license_addon', addon_id }];
    if (was && will && will.channels !== undefined && will.channels !== was.channels) {
      return [{ cmd: 'update_license_addon', addon_id, attributes: { channels: will.channels } }];
    }
    return [];
  });
}
