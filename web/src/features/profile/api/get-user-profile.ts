import { queryOptions, useQuery } from '@tanstack/react-query';
import { userContract } from '../../../../../shared/contract/user';
import { call } from '../../../api/client';

/** The signed-in user's profile: `user/get_user_profile`. */
export const getUserProfile = () => call(userContract, 'get_user_profile', {});

export const userProfileQueryKey = ['user', 'get_user_profile'] as const;

export const userProfileQueryOptions = () =>
  queryOptions({ queryKey: userProfileQueryKey, queryFn: getUserProfile });

export const useUserProfile = () => useQuery(userProfileQueryOptions());
