import type { AdminLicenseRow } from '../../../../shared/contract/lic.admin';
import { licAdminContract } from '../../../../shared/contract/lic.admin';
import type { LicenseTypeId } from '../../../../shared/licenses/catalog';
import { call } from '../../api/client';
import { useChange } from '../../api/cmd-mutation';
import { addonChanges, type Addon } from '../../lib/addons';

/**
 * The admin's changes to a license that take more than one cmd (a single cmd is called with
 * useCmdMutation where it is used). Each reloads every page of the license lists: the change may move a
 * license in or out of any filter and order.
 */
const RELOADS = { invalidates: ['get_all_licenses'] } as const;

const licenseAddons = (license: Pick<AdminLicenseRow, 'addons'>): Addon[] =>
  license.addons.map(({ id, attributes }) => (attributes.channels === undefined ? { id } : { id, channels: attributes.channels }));

/** Applies the add-on cmds that turn a Pro license's add-ons into `after`, one after another. */
async function applyAddons(licenseId: number, before: readonly Addon[], after: readonly Addon[]): Promise<void> {
  for (const change of addonChanges(before, after)) {
    const target = { license_id: licenseId, addon_id: change.addon_id };
    if (change.cmd === 'remove_license_addon') await call(licAdminContract, 'remove_license_addon', target);
    else if (change.cmd === 'update_license_addon') await call(licAdminContract, 'update_license_addon', { ...target, attributes: change.attributes });
    else await call(licAdminContract, 'add_license_addon', change.attributes ? { ...target, attributes: change.attributes } : target);
  }
}

/** Disables or enables a plain license: `lic/5/disable_license`, `lic/5/enable_license`. */
export const useSetLicenseEnabled = () =>
  useChange(
    ({ licenseId, enabled }: { licenseId: number; enabled: boolean }) =>
      call(licAdminContract, enabled ? 'enable_license' : 'disable_license', { license_id: licenseId }),
    RELOADS,
  );

export interface LicenseEdit {
  license_usage_id: number;
  /** YYYY-MM-DD, or empty: perpetual. */
  valid_to: string;
  /** A Pro license's add-ons as they should be; ignored for other types. */
  addons: Addon[];
  /**
   * A legacy license's upgrade product as it should be ('' none), with the one it had; left out where
   * the form does not offer it.
   */
  legacyUpgrade?: { before: string; after: string };
}

/**
 * Saves a license's edit: usage and end through `lic/5/update_license` when either changed, a Pro
 * license's add-ons through add_license_addon, update_license_addon and remove_license_addon, and a
 * changed legacy upgrade product through update_license_to_fastspring (after the usage it depends on).
 */
export function useEditLicense() {
  return useChange(
    async ({ license, edit }: { license: AdminLicenseRow; edit: LicenseEdit }) => {
      const end = license.valid_to ?? '';
      if (edit.license_usage_id !== license.license_usage_id || edit.valid_to !== end.slice(0, 10)) {
        await call(licAdminContract, 'update_license', {
          license_id: license.id,
          license_usage_id: edit.license_usage_id,
          valid_to: edit.valid_to,
        });
      }
      if (license.license_type_id === 'Pro') await applyAddons(license.id, licenseAddons(license), edit.addons);
      if (edit.legacyUpgrade && edit.legacyUpgrade.after !== edit.legacyUpgrade.before) {
        await call(licAdminContract, 'update_license_to_fastspring', { license_id: license.id, product: edit.legacyUpgrade.after });
      }
      return { license_id: license.id };
    },
    // Reloads after a part of the edit failed too: what was saved shows.
    { ...RELOADS, whenSettled: true },
  );
}

export interface NewLicenseInput {
  user_id: number;
  license_type_id: LicenseTypeId;
  license_usage_id: number;
  valid_from: string;
  /** YYYY-MM-DD, or empty: perpetual. */
  valid_to: string;
  /** A Pro license's add-ons; ignored for other types. */
  addons: Addon[];
  /** Several seats (2 or more) make it floating; left out: one seat. */
  seats?: number;
}

/** A new license for a user (`lic/5/create_license`), then a Pro license's add-ons. */
export function useCreateLicense() {
  return useChange(
    async ({ addons, ...input }: NewLicenseInput) => {
      const created = await call(licAdminContract, 'create_license', input);
      if (input.license_type_id === 'Pro') await applyAddons(created.license_id, [], addons);
      return created;
    },
    { ...RELOADS, whenSettled: true },
  );
}
