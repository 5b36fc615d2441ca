import type { AddonId, LicenseTypeId } from '../licenses/catalog';

/**
 * The sales catalogue: every product the portal sells through the checkout provider, by the
 * provider's product path. Operators create exactly these paths in the store (docs/deploy.md, "Checkout").
 * What an item grants is the portal's decision (docs/decisions/022-commerce.md): a toolbox is one
 * license of type All (it grants Automation and Battery), Pro is a Pro license without add-ons, an add-on
 * goes onto a Pro license, a legacy Year 1 item is a one-year license and a legacy upgrade extends the
 * license an admin marked with it by one year.
 */

export type Interval = 'perpetual' | 'year' | 'month';

export type CatalogueGrant =
  | { kind: 'license'; license_type_id: LicenseTypeId }
  | { kind: 'addon'; addon_id: AddonId }
  | { kind: 'legacy-license'; license_type_id: LicenseTypeId }
  | { kind: 'legacy-upgrade'; license_type_id: LicenseTypeId; year: 2 | 3 }
  | { kind: 'service' };

export interface CatalogueItem {
  path: string;
  /** What the cart and the buying screens call it. */
  licenseType: string;
  interval: Interval;
  /** Renews through the provider until canceled. */
  subscription: boolean;
  /** Where it is offered: the Licenses page, its add-ons, the service picker or the legacy page. */
  shelf: 'licenses' | 'addons' | 'services' | 'legacy';
  grants: CatalogueGrant;
}

const intervals: { suffix: string; interval: Interval; subscription: boolean }[] = [
  { suffix: 'perpetual', interval: 'perpetual', subscription: false },
  { suffix: 'yearly', interval: 'year', subscription: true },
  { suffix: 'monthly', interval: 'month', subscription: true },
];

const series = (base: string, licenseType: string, shelf: CatalogueItem['shelf'], grants: CatalogueGrant): CatalogueItem[] =>
  intervals.map(({ suffix, interval, subscription }) => ({ path: `${base}-${suffix}`, licenseType, interval, subscription, shelf, grants }));

const legacyTypes: { key: string; name: string; license_type_id: LicenseTypeId }[] = [
  { key: 'all-pack', name: 'All Pack', license_type_id: 'All' },
  { key: 'automation', name: 'Automation', license_type_id: 'Automation' },
  { key: 'battery', name: 'Battery', license_type_id: 'Battery' },
];

export const SALES_CATALOGUE: readonly CatalogueItem[] = [
  ...series('automation-battery-toolbox', 'Automation and Battery toolbox', 'licenses', { kind: 'license', license_type_id: 'All' }),
  ...series('pro', 'Pro', 'licenses', { kind: 'license', license_type_id: 'Pro' }),
  ...series('automation-addon', 'Automation add-on', 'addons', { kind: 'addon', addon_id: 'Automation' }),
  ...series('battery-addon', 'Battery add-on', 'addons', { kind: 'addon', addon_id: 'Battery' }),
  { path: 'calibration-service', licenseType: 'Calibration service', interval: 'perpetual', subscription: false, shelf: 'services', grants: { kind: 'service' } },
  { path: 'priority-support-yearly', licenseType: 'Priority support', interval: 'year', subscription: true, shelf: 'services', grants: { kind: 'service' } },
  ...legacyTypes.map(({ key, name, license_type_id }): CatalogueItem => ({
    path: `legacy-${key}-year-1`,
    licenseType: `${name} (Year 1)`,
    interval: 'year',
    subscription: false,
    shelf: 'legacy',
    grants: { kind: 'legacy-license', license_type_id },
  })),
  ...([2, 3] as const).flatMap((year) =>
    legacyTypes.map(({ key, name, license_type_id }): CatalogueItem => ({
      path: `legacy-${key}-year-${year}`,
      licenseType: `${name} upgrade (Year ${year})`,
      interval: 'year',
      subscription: false,
      shelf: 'legacy',
      grants: { kind: 'legacy-upgrade', license_type_id, year },
    })),
  ),
];

export const catalogueItem = (path: string): CatalogueItem | undefined => SALES_CATALOGUE.find((item) => item.path === path);

/** The legacy upgrade products an admin may mark a license with (license edit), by the license's type. */
export const legacyUpgradePaths = (type: LicenseTypeId): string[] =>
  SALES_CATALOGUE.filter((item) => item.grants.kind === 'legacy-upgrade' && item.grants.license_type_id === type).map((item) => item.path);

export const LEGACY_UPGRADE_PATHS = SALES_CATALOGUE.filter((item) => item.grants.kind === 'legacy-upgrade').map((item) => item.path) as [
  string,
  ...string[],
];

/** The upgrade that follows one (Year 2 → Year 3), or null after the last. */
export function nextLegacyUpgrade(path: string): string | null {
  const item = catalogueItem(path);
  if (item?.grants.kind !== 'legacy-upgrade' || item.grants.year === 3) return null;
  return path.replace(/-year-2$/, '-year-3');
}

/** Purchase quantity per cart line: 0 to 10. */
export const MAX_PURCHASE_QUANTITY = 10;

/** The order tag that names the buyer (their numeric user id). */
export const ORDER_USER_TAG = 'user_id';
