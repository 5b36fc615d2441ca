import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { isLicenseUsageId, type AddonId } from '../../../shared/licenses/catalog';
import { licenseMessages } from '../../../shared/licenses/messages';
import {
  LicenseChangedError,
  createLicense,
  findLicense,
  setLicenseAddons,
  setLicenseEnabled,
  updateLicenseTerms,
  type LicenseRecord,
} from '../../domain/licenses/licenses.repository';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { existingUser } from './license-access';
import { refreshUserHoldings } from '../../domain/user-holdings';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

const endOf = (validTo: string | null): string | null => (validTo === '' ? null : validTo);

function checkUsage(usage: number): void {
  if (!isLicenseUsageId(usage)) throw badRequest(licenseMessages.usageUnknown(usage));
}

function checkTerm(validFrom: string, validTo: string | null): void {
  if (validTo !== null && validTo < validFrom) throw badRequest(licenseMessages.endBeforeStart);
}

async function storedLicense(licenseId: number): Promise<LicenseRecord> {
  const license = await findLicense(licenseId);
  if (!license) throw notFound(licenseMessages.notFound(licenseId));
  return license;
}

/** A plain license an admin may edit, disable or enable: a subscription's follows the subscription. */
async function plainLicense(licenseId: number): Promise<LicenseRecord> {
  const license = await storedLicense(licenseId);
  if (license.subscription_id !== undefined) throw forbidden(licenseMessages.subscriptionEdit);
  return license;
}

/** Runs a conditional write; a change made meanwhile is a 409 that changed nothing. */
async function written(work: () => Promise<void>, licenseId: number) {
  try {
    await work();
  } catch (error) {
    if (error instanceof LicenseChangedError) throw conflict(licenseMessages.changedMeanwhile);
    throw error;
  }
  return { license_id: licenseId };
}

export const createLicenseHandler: AdminHandlers['create_license'] = async (params) => {
  checkUsage(params.license_usage_id);
  const validTo = endOf(params.valid_to);
  checkTerm(params.valid_from, validTo);
  await existingUser(params.user_id);
  const license = await createLicense({
    user_id: params.user_id,
    license_type_id: params.license_type_id,
    license_usage_id: params.license_usage_id,
    valid_from: params.valid_from,
    ...(validTo ? { valid_to: validTo } : {}),
  });
  await refreshUserHoldings(params.user_id);
  return { license_id: license.id };
};

export const updateLicense: AdminHandlers['update_license'] = async ({ license_id, license_usage_id, valid_to }) => {
  checkUsage(license_usage_id);
  const license = await plainLicense(license_id);
  const validTo = endOf(valid_to);
  checkTerm(license.valid_from, validTo);
  return written(() => updateLicenseTerms(license, { license_usage_id, valid_to: validTo }), license_id);
};

export const disableLicense: AdminHandlers['disable_license'] = async ({ license_id }) => {
  const license = await plainLicense(license_id);
  return written(() => setLicenseEnabled(license, false), license_id);
};

export const enableLicense: AdminHandlers['enable_license'] = async ({ license_id }) => {
  const license = await plainLicense(license_id);
  return written(() => setLicenseEnabled(license, true), license_id);
};

/** A Pro license's add-ons, changed by `change` (which refuses what makes no sense). */
async function changeAddons(licenseId: number, change: (addons: LicenseRecord['addons']) => LicenseRecord['addons']) {
  const license = await storedLicense(licenseId);
  if (license.license_type_id !== 'Pro') throw badRequest(licenseMessages.addonsOnlyPro);
  const next = change(license.addons);
  return written(() => setLicenseAddons(license, next), licenseId);
}

const has = (addons: LicenseRecord['addons'], id: AddonId) => addons.some((addon) => addon.id === id);
const withChannels = (id: AddonId, channels: number | undefined) => (channels === undefined ? { id } : { id, channels });

export const addLicenseAddon: AdminHandlers['add_license_addon'] = ({ license_id, addon_id, attributes }) =>
  changeAddons(license_id, (addons) => {
    if (has(addons, addon_id)) throw conflict(licenseMessages.addonPresent(addon_id));
    const channels = addon_id === 'BatteryValidation' ? (attributes?.channels ?? 4) : undefined;
    return [...addons, withChannels(addon_id, channels)];
  });

export const updateLicenseAddon: AdminHandlers['update_license_addon'] = ({ license_id, addon_id, attributes }) =>
  changeAddons(license_id, (addons) => {
    if (!has(addons, addon_id)) throw notFound(licenseMessages.addonMissing(addon_id));
    return addons.map((addon) => (addon.id === addon_id ? withChannels(addon_id, attributes.channels ?? addon.channels) : addon));
  });

export const removeLicenseAddon: AdminHandlers['remove_license_addon'] = ({ license_id, addon_id }) =>
  changeAddons(license_id, (addons) => {
    if (!has(addons, addon_id)) throw notFound(licenseMessages.addonMissing(addon_id));
    return addons.filter((addon) => addon.id !== addon_id);
  });
