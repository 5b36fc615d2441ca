import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { userListColumns } from '../../../shared/lists/admin-lists';
import { declareList } from '../../lib/lists/declare-list';
import type { UserEntity } from './user.entity';

type UserRecord = FormattedItem<typeof UserEntity>;

/** The admin list kind of users (list-store.ts): every user write keeps its row in step. */
export const USER_LIST = userListColumns.kind;

/** A user's compact row: what admin lists show of a user, and join to the licenses' rows. */
export type UserListRow = Pick<
  UserRecord,
  'id' | 'created' | 'username' | 'email' | 'first_name' | 'last_name' | 'company' | 'legacy' | 'accepted_marketing'
>;

export const toUserListRow = (user: UserRecord): UserListRow => ({
  id: user.id,
  created: user.created,
  username: user.username,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  company: user.company,
  legacy: user.legacy,
  accepted_marketing: user.accepted_marketing,
});

/**
 * The users list: every other list joins its owners from it. Its admin screen is to come; a search
 * finds a user by id, or by text in the email, name, username or company.
 */
export const userList = declareList({
  columns: userListColumns,
  row: toUserListRow,
  search: {
    numbers: (row) => [row.id],
    texts: (row) => [row.email, `${row.first_name} ${row.last_name}`, row.username, row.company],
  },
  result: (row: UserListRow) => row,
});

/** The list writes that go into the transaction of a user write: the row as the write leaves it, or its removal. */
export const userListWrites = (id: number, user: UserRecord | null, now: Date) => userList.writes(id, user, now);

/** This function's copy of every user's row, kept current through the change log. */
export const userListCache = userList.cache;
