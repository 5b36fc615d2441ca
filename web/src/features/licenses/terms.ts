import type { LicenseRow } from '../../../../shared/contract/lic';
import type { AddonId, LicenseTypeId, LicenseUsageId } from '../../../../shared/licenses/catalog';

/**
 * The words a license card shows, explained for the customer who meets them there: what a license type
 * grants, what its usage means, and what each add-on is.
 */

const TYPES: Record<LicenseTypeId, string> = {
  Automation: 'Automation: the Automation toolbox of the desktop app.',
  Battery: 'Battery: the Battery toolbox of the desktop app.',
  Log: 'Log: logging with the desktop app, without the Automation and Battery toolboxes.',
  All: 'All: the desktop app with both the Automation and the Battery toolbox (the shop sells it as the Automation and Battery toolbox).',
  Enterprise: 'Enterprise: the desktop app with both the Automation and the Battery toolbox, for an organisation.',
  Pro: 'Pro: the desktop app’s Pro edition. It starts without add-ons; each add-on on it (Automation, Battery, battery validation) unlocks that toolbox.',
};

const USAGES: Record<LicenseUsageId, string> = {
  1: 'Commercial: the license is for use in a business.',
  2: 'Academic: the license is for teaching and research at a school or university.',
  3: 'Trial: the license is for trying the software out.',
  4: 'Standard: the license as the shop sells it, for any use its license agreement (EULA) allows.',
  5: 'Internal: a license for use within our own company.',
  6: 'Partner: a license given to one of our partners.',
};

const ADDONS: Record<AddonId, string> = {
  Automation: 'Automation: the Automation toolbox (AT)',
  Battery: 'Battery: the Battery toolbox (BT)',
  BatteryValidation: 'BatteryValidation: battery validation (BVT), for the number of channels shown',
};

export const licenseTerms = {
  type: (id: LicenseTypeId): string => TYPES[id],
  usage: (id: number, name: string): string =>
    USAGES[id as LicenseUsageId] ?? `${name}: what the license may be used for, as agreed when it was issued.`,
  addons: (addons: LicenseRow['addons']): string =>
    `Add-ons unlock parts of a Pro license. ${addons.map(({ id }) => ADDONS[id]).join('. ')}.`,
};
