import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';

/** A user's User information: `user/get_user_information`. */
export const getUserInformation = (userId: number) => call(userAdminContract, 'get_user_information', { user_id: userId });

/**
 * The same query key as the user detail's (features/admin-licenses/api/get-user-information.ts), so the
 * dialog and the detail share one cached answer and an admin change there refreshes the dialog too.
 */
export const userInformationQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['user', 'get_user_information', userId] as const, queryFn: () => getUserInformation(userId) });

export const useUserInformation = (userId: number, enabled = true) => useQuery({ ...userInformationQueryOptions(userId), enabled });
