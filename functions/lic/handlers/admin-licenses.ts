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
import type { AuditSwitch } from '../../lib/records/record-kind';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';
import { existingUser } from './license-access';

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

/** How often an admin's edit is read and written again when another write of the license came first. */
const EDIT_TRIES = 5;

/**
 * Runs an admin's conditional edit of a license: read, checked and written; when another write (another
 * admin's) landed first, it is read, checked and written again on top of it, so two admins' edits both
 * land, each with its own audit entry saying what it changed from what. A license that keeps changing is
 * a 409 that changed nothing.
 */
async function written(licenseId: number, read: () => Promise<LicenseRecord>, write: (license: LicenseRecord, audit: AuditSwitch) => Promise<void>) {
  // An admin's edit: audited, by the caller.
  const by: AuditSwitch = { audited: true };
  for (let attempt = 1; ; attempt++) {
    const license = await read();
    try {
      await write(license, by);
      return { license_id: licenseId };
    } catch (error) {
      if (!(error instanceof LicenseChangedError)) throw error;
      if (attempt >= EDIT_TRIES) throw conflict(licenseMessages.changedMeanwhile);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * attempt));
    }
  }
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
    ...(params.seats === undefined || params.seats === null ? {} : { seats: params.seats }),
  }, new Date(), { audited: true });
  return { license_id: license.id };
};

export const updateLicense: AdminHandlers['update_license'] = async ({ license_id, license_usage_id, valid_to }) => {
  checkUsage(license_usage_id);
  const validTo = endOf(valid_to);
  return written(license_id, () => plainLicense(license_id), (license, by) => {
    checkTerm(license.valid_from, validTo);
    return updateLicenseTerms(license, { license_usage_id, valid_to: validTo }, by);
  });
};

export const disableLicense: AdminHandlers['disable_license'] = ({ license_id }) =>
  written(license_id, () => plainLicense(license_id), (license, by) => setLicenseEnabled(license, false, by));

export const enableLicense: AdminHandlers['enable_license'] = ({ license_id }) =>
  written(license_id, () => plainLicense(license_id), (license, by) => setLicenseEnabled(license, true, by));

/** A Pro license's add-ons, changed by `change` (which refuses what makes no sense). */
function changeAddons(licenseId: number, change: (addons: LicenseRecord['addons']) => LicenseRecord['addons']) {
  return written(licenseId, () => storedLicense(licenseId), (license, by) => {
    if (license.license_type_id !== 'Pro') throw badRequest(licenseMessages.addonsOnlyPro);
    return setLicenseAddons(license, change(license.addons), by);
  });
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
