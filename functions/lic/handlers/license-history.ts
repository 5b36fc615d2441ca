import type { licAdminContract } from '../../../shared/contract/lic.admin';
import { entryTime, licenseHistory } from '../../domain/audit/audit.repository';
import { userListCache } from '../../domain/users/user-list';
import { entryPeople } from '../../domain/audit/entry-people';
import type { EndpointHandlers } from '../../endpoint';

type AdminHandlers = EndpointHandlers<typeof licAdminContract>;

/** A license's History answers 20 entries a page unless asked for more. */
export const LICENSE_HISTORY_PAGE_SIZE = 20;

/**
 * A license's History: one page of the audit entries naming it, newest first, with the acting user's email
 * (from the users list the admin lists join; null for a user gone) and the people they name, and how many
 * entries there are. A license with no entry has an empty history.
 */
export const getLicenseHistory: AdminHandlers['get_license_history'] = async ({ license_id, limit = LICENSE_HISTORY_PAGE_SIZE, page = 1 }) => {
  const [all, users] = await Promise.all([licenseHistory(license_id), userListCache.current()]);
  const entries = all.slice((page - 1) * limit, page * limit);
  return {
    count: all.length,
    entries: entries.map((entry) => ({
      id: entry.id ?? 0,
      at: entryTime(entry.at),
      action: entry.action,
      cmd: entry.cmd ?? null,
      by_user_id: entry.by_user_id,
      by_user_email: users.get(entry.by_user_id)?.email ?? null,
      target: entry.target ?? null,
      license_id: entry.license_id ?? null,
      user_ids: [...new Set([entry.from_user_id, entry.to_user_id].filter((id): id is number => id !== undefined))],
      before: entry.before ?? null,
      after: entry.after ?? null,
      request_id: entry.request_id ?? null,
      people: entryPeople(entry, users),
    })),
  };
};
