import type { CmdInput } from '../../../../../shared/contract/define';
import { licAdminContract } from '../../../../../shared/contract/lic.admin';
import { call } from '../../../api/client';
import { readCsvExport } from '../../../api/csv-export';

export type LicenseExportParams = CmdInput<typeof licAdminContract, 'get_license_users'>;

/**
 * The filtered list as CSV text: `lic/5/get_license_users` writes the file and names it, and the file is
 * read from /umdata/{filename} (same origin) while it lives (time_alive).
 */
export async function exportLicensesCsv(params: LicenseExportParams): Promise<string> {
  const { filename } = await call(licAdminContract, 'get_license_users', params);
  return readCsvExport(filename);
}
