import * as z from 'zod/mini';
import { ADDON_IDS, LICENSE_TYPE_IDS } from '../../licenses/catalog';

/*
 * Row schemas that more than one contract returns (lic, lic.admin, user.admin's user information), in a
 * module of their own: a contract module's schemas are top-level zod calls a bundler cannot drop, so a
 * contract that took them from another endpoint's module would carry that whole module.
 */

export const addonSchema = () => z.object({
  id: z.enum(ADDON_IDS),
  attributes: z.object({ channels: z.optional(z.int()) }),
});

/** A license as the admin lists show it: its fields, its owner's email (`user`) and company. */
export const adminLicenseRowSchema = () => z.object({
  id: z.int(),
  created: z.string(),
  user_id: z.int(),
  /** The owner's email; empty when the owner is gone. */
  user: z.string(),
  company: z.string(),
  license_type_id: z.enum(LICENSE_TYPE_IDS),
  license_usage_id: z.int(),
  license_usage: z.string(),
  enabled: z.boolean(),
  valid_from: z.string(),
  /** null: perpetual. */
  valid_to: z.nullable(z.string()),
  reserved_to: z.nullable(z.int()),
  /** The email of the user whose machine holds the seat (null: no seat, or that user is gone). */
  reserved_to_email: z.optional(z.nullable(z.string())),
  fingerprint: z.nullable(z.string()),
  hostname: z.nullable(z.string()),
  hid: z.nullable(z.string()),
  subscription_id: z.nullable(z.int()),
  subscription_state: z.nullable(z.string()),
  tag: z.nullable(z.string()),
  shared_count: z.int(),
  addons: z.array(addonSchema()),
  expired: z.boolean(),
  /** Days to the end, negative once expired; null for a perpetual license. */
  days: z.nullable(z.int()),
  /** The legacy upgrade product an admin marked it with. */
  to_fastspring_product: z.optional(z.nullable(z.string())),
});
export type AdminLicenseRow = z.infer<ReturnType<typeof adminLicenseRowSchema>>;
