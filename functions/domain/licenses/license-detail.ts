import { userList } from '../users/user-list';
import { ownLicenses } from './license-reads';
import { toAdminLicenseRow, toLicenseListRow } from './license-list';

/**
 * The licenses domain's part of the admin user detail: every license the user owns, expired and disabled
 * ones too, newest first, as the admin license rows show them (owner and seat holder joined from the users
 * list, as get_all_licenses joins them). In a module of its own so the user endpoint does not bundle the
 * repository's writes.
 */
export async function licensesUserDetail(userId: number) {
  const [licenses, owners] = await Promise.all([ownLicenses(userId), userList.current()]);
  const now = new Date();
  const rows = licenses.map((license) => toAdminLicenseRow(toLicenseListRow(license), owners, now));
  return { licenses: rows.sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id) };
}
