import * as z from 'zod/mini';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../licenses/catalog';
import { isoDateSchema } from '../licenses/dates';
import { cmd, defineEndpoint } from './define';

const id = () => z.int().check(z.positive());
/** An end date; empty or null means perpetual. */
const validToSchema = z.nullable(z.union([z.literal(''), isoDateSchema]));
const licenseChanged = z.object({ license_id: z.int() });
/** BatteryValidation's channels: what a measurement unit can validate at once. */
const addonAttributes = z.strictObject({ channels: z.optional(z.int().check(z.minimum(1), z.maximum(64))) });

/** The `lic/5` endpoint's admin cmds: only admin screens (their own chunks) import this module. */
export const licAdminContract = defineEndpoint({
  path: 'lic/5',
  cmds: {
    /** A new license for a user; an empty or null valid_to makes it perpetual. */
    create_license: cmd(
      'admin',
      {
        user_id: id(),
        license_type_id: z.enum(LICENSE_TYPE_IDS),
        license_usage_id: id(),
        valid_from: isoDateSchema,
        valid_to: validToSchema,
      },
      z.object({ license_id: z.int() }),
    ),
    /** Usage and end of a plain license; its type and start stay as they are. */
    update_license: cmd('admin', { license_id: id(), license_usage_id: id(), valid_to: validToSchema }, licenseChanged),
    disable_license: cmd('admin', { license_id: id() }, licenseChanged),
    enable_license: cmd('admin', { license_id: id() }, licenseChanged),
    /** A Pro license's add-ons (AT, BT, BVT with its channels). */
    add_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: z.optional(addonAttributes) }, licenseChanged),
    update_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS), attributes: addonAttributes }, licenseChanged),
    remove_license_addon: cmd('admin', { license_id: id(), addon_id: z.enum(ADDON_IDS) }, licenseChanged),
  },
});
