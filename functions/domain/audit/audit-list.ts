import { auditListColumns } from '../../../shared/lists/admin-lists';
import { declareList, type ListParams } from '../../lib/lists/declare-list';
import { userList, type UserListRow } from '../users/user-list';
import { entryPeople } from './entry-people';

/** An audit entry's compact row in the admin audit list (the /audit page and its CSV). */
export interface AuditListRow {
  id: number;
  /** When (ISO time). */
  at: string;
  action: string;
  cmd: string | null;
  by_user_id: number;
  target: string | null;
  license_id: number | null;
  /** The users whose trails hold the entry (the owner; both sides of a move). */
  user_ids: number[];
  before: string | null;
  after: string | null;
  request_id: string | null;
}

export type AuditListParams = ListParams<(typeof auditListColumns.orderBy)[number]> & {
  by_user_id?: number | null;
  action?: string | null;
  /** Days (YYYY-MM-DD), both included. */
  from?: string | null;
  to?: string | null;
};

type Joined = { users: ReadonlyMap<number, UserListRow> };

/** An entry as the audit cmds answer it: the row with the acting user's email (null for a user gone) and the people it names. */
const answered = (row: AuditListRow, { users }: Joined) => ({
  ...row,
  by_user_email: users.get(row.by_user_id)?.email ?? null,
  people: entryPeople(row, users),
});
export type AuditEntryResult = ReturnType<typeof answered>;

/**
 * The audit trail as an admin list (decision 037): filtered by admin, action and days, sorted, paged and
 * exported as CSV by the declared-list mechanism; a search finds an entry by a number it names (its id,
 * the admin, the license, a user's) or text in its target, cmd or request id.
 */
export const auditList = declareList({
  columns: auditListColumns,
  row: (row: AuditListRow) => row,
  joins: { users: userList },
  search: {
    numbers: (row: AuditListRow) => [row.id, row.by_user_id, row.license_id, ...row.user_ids],
    texts: (row: AuditListRow) => [row.target, row.cmd, row.request_id],
  },
  filter: (params: AuditListParams) => {
    const { by_user_id: by, action, from, to } = params;
    if (by == null && !action && !from && !to) return undefined;
    // `to` is a whole day: every time on it sorts before the next day's date.
    const until = to ? `${to}~` : null;
    return (row: AuditListRow) =>
      (by == null || row.by_user_id === by) && (!action || row.action === action) && (!from || row.at >= from) && (until === null || row.at <= until);
  },
  sort: { by_user_id: (row: AuditListRow, { users }: Joined) => users.get(row.by_user_id)?.email ?? '' },
  result: answered,
  csv: [
    ['id', (entry) => entry.id],
    ['at', (entry) => entry.at],
    ['by_user_id', (entry) => entry.by_user_id],
    ['by_user_email', (entry) => entry.by_user_email],
    ['action', (entry) => entry.action],
    ['cmd', (entry) => entry.cmd],
    ['target', (entry) => entry.target],
    ['license_id', (entry) => entry.license_id],
    ['user_ids', (entry) => entry.user_ids.join(' ')],
    ['before', (entry) => entry.before],
    ['after', (entry) => entry.after],
    ['request_id', (entry) => entry.request_id],
  ],
});
