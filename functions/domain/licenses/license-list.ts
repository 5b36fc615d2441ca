import { listRowWrites } from '../../lib/lists/list-store';
import { ListCache } from '../../lib/lists/list-cache';
import type { LicenseRecord } from './licenses.repository';

/** The admin list kind of licenses (list-store.ts): every license write keeps its row in step. */
export const LICENSE_LIST = 'licenses';

/**
 * A license's compact row: what the admin lists show, filter and sort on, and what their actions need
 * (the fingerprint to release a seat, the add-ons to edit a Pro license). The owner's email and company
 * are not copied here but joined from the users list when a page is read, so a profile change does not
 * rewrite every row of its owner's licenses.
 */
export type LicenseListRow = Pick<
  LicenseRecord,
  'id' | 'created' | 'user_id' | 'license_type_id' | 'license_usage_id' | 'enabled' | 'valid_from' | 'addons'
> & {
  valid_to: string | null;
  reserved_to: number | null;
  fingerprint: string | null;
  hostname: string | null;
  hid: string | null;
  dongle_id: number | null;
  subscription_id: number | null;
  subscription_state: string | null;
  tag: string | null;
  shared_count: number;
  /** The legacy upgrade product an admin marked it with (absent on rows written before it existed). */
  to_fastspring_product?: string | null;
};

export const toLicenseListRow = (license: LicenseRecord): LicenseListRow => ({
  id: license.id,
  created: license.created,
  user_id: license.user_id,
  license_type_id: license.license_type_id,
  license_usage_id: license.license_usage_id,
  enabled: license.enabled,
  valid_from: license.valid_from,
  valid_to: license.valid_to ?? null,
  addons: license.addons,
  reserved_to: license.reserved_to ?? null,
  fingerprint: license.fingerprint ?? null,
  hostname: license.hostname ?? null,
  hid: license.hid ?? null,
  dongle_id: license.dongle_id ?? null,
  subscription_id: license.subscription_id ?? null,
  subscription_state: license.subscription_state ?? null,
  tag: license.tag ?? null,
  shared_count: license.shared_count ?? 0,
  to_fastspring_product: license.to_fastspring_product ?? null,
});

/** The list writes that go into the transaction of a license write: its row as the write leaves it. */
export const licenseListWrites = (license: LicenseRecord, now: Date) => listRowWrites(LICENSE_LIST, license.id, toLicenseListRow(license), now);

/** This function's copy of every license's row, kept current through the change log. */
export const licenseListCache = new ListCache<LicenseListRow>(LICENSE_LIST);
