import type { userAdminContract } from '../../../shared/contract/user.admin';
import { userStatistics } from '../../domain/users/user-figures';
import { userList } from '../../domain/users/user-list';
import type { EndpointHandlers } from '../../endpoint';

type AdminHandlers = EndpointHandlers<typeof userAdminContract>;

/** One page of the users, searched, filtered by license type and sorted (the list's declaration: userList). */
export const getUsers: AdminHandlers['get_users'] = async (params) => {
  const { rows, count } = await userList.page(params);
  return { users: rows, count };
};

/** The searched list in its order, every row, as a CSV export written in parts (bounded memory). */
export const getUsersCsv: AdminHandlers['get_users_csv'] = (params) => userList.csv(params);

/** Read from the users' counter (user-figures.ts), never from the list. */
export const getUserStatistics: AdminHandlers['get_user_statistics'] = () => userStatistics();
