/**
 * The fixed lists of the license domain: types, usages and add-ons, each an id with a name. The server
 * answers `get_license_types` and `get_license_usages` from these; screens name ids through them.
 */

export const LICENSE_TYPES = [
  { id: 'Automation', name: 'Automation' },
  { id: 'Battery', name: 'Battery' },
  { id: 'Log', name: 'Log' },
  { id: 'All', name: 'All' },
  { id: 'Enterprise', name: 'Enterprise' },
  { id: 'Pro', name: 'Pro' },
] as const;
export type LicenseTypeId = (typeof LICENSE_TYPES)[number]['id'];
export const LICENSE_TYPE_IDS = LICENSE_TYPES.map((type) => type.id) as [LicenseTypeId, ...LicenseTypeId[]];

/**
 * What a license is used for. Commercial (1) and Standard (4) are the paying usages a legacy upgrade may
 * follow; Standard is a new license's default.
 */
export const LICENSE_USAGES = [
  { id: 1, name: 'Commercial' },
  { id: 2, name: 'Academic' },
  { id: 3, name: 'Trial' },
  { id: 4, name: 'Standard' },
  { id: 5, name: 'Internal' },
  { id: 6, name: 'Partner' },
] as const;
export type LicenseUsageId = (typeof LICENSE_USAGES)[number]['id'];
export const DEFAULT_LICENSE_USAGE_ID: LicenseUsageId = 4;

export const licenseUsageName = (id: number): string => LICENSE_USAGES.find((usage) => usage.id === id)?.name ?? String(id);
export const isLicenseUsageId = (id: number): id is LicenseUsageId => LICENSE_USAGES.some((usage) => usage.id === id);

/** Add-ons a Pro license carries; BatteryValidation has a number of channels. */
export const ADDON_IDS = ['Automation', 'Battery', 'BatteryValidation'] as const;
export type AddonId = (typeof ADDON_IDS)[number];
export const DEFAULT_BATTERY_VALIDATION_CHANNELS = 4;

/** Types All and Enterprise grant Automation and Battery; Pro grants what its add-ons say. */
export function grantedFeatures(type: LicenseTypeId, addons: readonly { id: AddonId }[]): AddonId[] {
  if (type === 'All' || type === 'Enterprise') return ['Automation', 'Battery'];
  if (type === 'Automation' || type === 'Battery') return [type];
  if (type === 'Pro') return addons.map((addon) => addon.id);
  return [];
}
