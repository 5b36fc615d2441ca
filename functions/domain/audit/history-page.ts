import type { AuditEntry } from '../../../shared/audit/entries';
import { userListCache } from '../users/user-list';
import { entryTime, type LicenseHistoryRecord } from './audit.repository';
import { entryPeople } from './entry-people';

/** A history answers 20 entries a page unless asked for more. */
export const HISTORY_PAGE_SIZE = 20;

/**
 * One page of a history (a license's, an organisation's), newest first as read: each entry with the acting
 * user's email (from the users list the admin lists join; null for a user gone) and the people it names,
 * and how many entries there are.
 */
export async function historyPage(all: readonly LicenseHistoryRecord[], { limit = HISTORY_PAGE_SIZE, page = 1 }: { limit?: number; page?: number }) {
  const users = await userListCache.current();
  const entries = all.slice((page - 1) * limit, page * limit);
  return {
    count: all.length,
    entries: entries.map(
      (entry): AuditEntry => ({
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
      }),
    ),
  };
}
