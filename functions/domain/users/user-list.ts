import { listRowWrites } from '../../lib/lists/list-store';
import { ListCache } from '../../lib/lists/list-cache';
import type { UserRecord } from './users.repository';

/** The admin list kind of users (list-store.ts): every user write keeps its row in step. */
export const USER_LIST = 'users';

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

/** The list writes that go into the transaction of a user write: the row as the write leaves it, or its removal. */
export const userListWrites = (id: number, user: UserRecord | null, now: Date) =>
  listRowWrites(USER_LIST, id, user && toUserListRow(user), now);

/** This function's copy of every user's row, kept current through the change log. */
export const userListCache = new ListCache<UserListRow>(USER_LIST);
