import { queryOptions, useQuery } from '@tanstack/react-query';
import { userAdminContract } from '../../../../../shared/contract/user.admin';
import { call } from '../../../api/client';

/** A user's User information as admins see it (who they are, their licenses, products, cases, downloads, actions): `user/get_user_information`. */
export const getUserInformation = (userId: number) => call(userAdminContract, 'get_user_information', { user_id: userId });

/** Every user's detail: what a move (a new user action) invalidates. */
export const userInformationQueryKey = ['user', 'get_user_information'] as const;

export const userInformationQueryOptions = (userId: number) =>
  queryOptions({ queryKey: [...userInformationQueryKey, userId], queryFn: () => getUserInformation(userId) });

/** `enabled: false` reads nothing (a dialog that is closed). */
export const useUserInformation = (userId: number, enabled = true) => useQuery({ ...userInformationQueryOptions(userId), enabled });
