import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CmdInput } from '../../../../../shared/contract/define';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';

export type UsersParams = CmdInput<typeof userAdminContract, 'get_users'>;
export type UsersExportParams = CmdInput<typeof userAdminContract, 'get_users_csv'>;

export const usersQueryKey = ['user', 'get_users'] as const;

/** One page of the users: `user/get_users`. */
export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: [...usersQueryKey, params],
    queryFn: () => call(userAdminContract, 'get_users', params),
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQueryOptions(params));

/** Writes the searched list as a CSV file (`user/get_users_csv`): where it is and for how long. */
export const createUsersCsv = (params: UsersExportParams) => call(userAdminContract, 'get_users_csv', params);
