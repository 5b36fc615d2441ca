import type { UserListRow as UserListResult } from '../../../shared/contract/user.admin';
import { userListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import { parseHoldings } from './holdings';
import type { UserRecord } from './user.entity';


/** The admin list kind of users (list-store.ts): every user write keeps its row in step. */
export const USER_LIST = userListColumns.kind;

/**
 * A user's compact row: what the admin users list shows and filters by, and what the other lists join
 * of their owners. The counts come from the record's holdings (user-holdings.ts); `license_types` are the
 * types of license the user owns, for the list's license-type filter.
 */
export type UserListRow = Pick<
  UserRecord,
  'id' | 'created' | 'username' | 'email' | 'first_name' | 'last_name' | 'company' | 'legacy' | 'accepted_marketing'
> & {
  last_active?: string;
  arc?: number;
  ace?: number;
  pro?: number;
  automation?: number;
  battery?: number;
  license_types?: string[];
};

/** A count as the row keeps it: absent when zero (most users hold nothing; the row stays small). */
const count = (n: number | undefined) => (n ? n : undefined);

export const toUserListRow = (user: UserRecord): UserListRow => {
  const { products, licenses } = parseHoldings(user.holdings);
  const types = Object.keys(licenses).filter((type) => licenses[type]! > 0).sort();
  return {
    id: user.id,
    created: user.created,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company,
    legacy: user.legacy,
    accepted_marketing: user.accepted_marketing,
    ...(user.last_active ? { last_active: user.last_active } : {}),
    ...Object.fromEntries(
      (
        [
          ['arc', count(products.Arc)],
          ['ace', count(products.Ace)],
          ['pro', count(licenses.Pro)],
          ['automation', count(licenses.Automation)],
          ['battery', count(licenses.Battery)],
        ] as const
      ).filter(([, n]) => n !== undefined),
    ),
    ...(types.length ? { license_types: types } : {}),
  };
};

/** What a users page and its CSV answer of a row: the listed columns, counts as numbers (0 when none). */
const toResult = (row: UserListRow): UserListResult => ({
  id: row.id,
  created: row.created,
  last_active: row.last_active ?? null,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  company: row.company,
  arc: row.arc ?? 0,
  ace: row.ace ?? 0,
  pro: row.pro ?? 0,
  automation: row.automation ?? 0,
  battery: row.battery ?? 0,
});

/** The users list's params beyond the common ones. */
interface UserListParams {
  order_by?: (typeof userListColumns.orderBy)[number];
  descending?: boolean;
  page?: number;
  limit?: number;
  search?: string | null;
  license_type?: string | null;
}

/**
 * The users list: every other list joins its owners from it; the admin users screen pages it. A search
 * finds a user by id, or by text in the email, name, username or company.
 */
export const userList = declareList({
  columns: userListColumns,
  row: toUserListRow,
  search: {
    numbers: (row) => [row.id],
    texts: (row) => [row.email, `${row.first_name} ${row.last_name}`, row.username, row.company],
  },
  filter: (params: UserListParams) => {
    const type = params.license_type;
    return type ? (row: UserListRow) => row.license_types?.includes(type) ?? false : undefined;
  },
  // A missing count is zero, not an empty cell (which would sort last either way).
  sort: {
    arc: (row) => row.arc ?? 0,
    ace: (row) => row.ace ?? 0,
    pro: (row) => row.pro ?? 0,
    automation: (row) => row.automation ?? 0,
    battery: (row) => row.battery ?? 0,
  },
  result: toResult,
  csv: [
    ['Id', (user) => user.id],
    ['Created', (user) => user.created],
    ['Last active', (user) => user.last_active],
    ['Email', (user) => user.email],
    ['First name', (user) => user.first_name],
    ['Last name', (user) => user.last_name],
    ['Company', (user) => user.company],
    ['Arc', (user) => user.arc],
    ['Ace', (user) => user.ace],
    ['Pro', (user) => user.pro],
    ['Automation', (user) => user.automation],
    ['Battery', (user) => user.battery],
  ],
});


/** This function's copy of every user's row, kept current through the change log. */
export const userListCache = userList.cache;
