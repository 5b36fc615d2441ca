import { mapInBatches } from '../../lib/batches';
import { loadListRows } from '../../lib/lists/list-store';
import { LICENSE_LIST } from './license-list';
import { addLicenseViews, findLicense, LicenseChangedError } from './licenses.repository';

/** Licenses read and written at once. */
const PARALLEL = 8;
const ATTEMPTS = 3;

/**
 * Gives every license from before the users' copies (license-view.entity.ts) its copies and its
 * `shared_users`: for a deployment whose table holds licenses written by an earlier version. Each
 * license is found through the admin license list's rows (no Scan) and written like any license write,
 * so it may run while the portal serves; a license written meanwhile is read again. Safe to run again:
 * a license that has its copies is left alone. Returns how many licenses it gave copies.
 */
export async function migrateLicenseViews(log: (line: string) => void = () => {}): Promise<number> {
  const ids = (await loadListRows(LICENSE_LIST)).map((row) => row.id);
  let migrated = 0;
  await mapInBatches(ids, PARALLEL, async (id) => {
    for (let attempt = 1; ; attempt++) {
      const license = await findLicense(id);
      if (!license || license.shared_users !== undefined) return;
      try {
        await addLicenseViews(license);
        migrated++;
        return;
      } catch (error) {
        if (!(error instanceof LicenseChangedError) || attempt === ATTEMPTS) throw error;
      }
    }
  });
  log(`${migrated} of ${ids.length} licenses given their copies in their users' lists`);
  return migrated;
}
