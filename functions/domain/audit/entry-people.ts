import { namedUserIds, type AuditWordsEntry } from '../../../shared/audit/action-words';

/**
 * The users an entry's values name, with their emails from the users list the admin views join (null for
 * a user gone): what lets the audit page, a license's History and User actions say "Shared with
 * kim@example.com (user 2)" instead of the ids they store.
 */
export const entryPeople = (entry: Pick<AuditWordsEntry, 'before' | 'after'>, users: ReadonlyMap<number, { email: string }>) =>
  namedUserIds(entry).map((id) => ({ id, email: users.get(id)?.email ?? null }));
