import type { userContract } from '../../../shared/contract/user';
import { resolveCallerUser } from '../../domain/users/caller-user';
import { toProfile } from '../../domain/users/user-profile';
import { updateUserProfile as saveProfile } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../lib/endpoint-app';

type UserHandlers = EndpointHandlers<typeof userContract>;

export const getUserProfile: UserHandlers['get_user_profile'] = async (_params, { caller }) =>
  toProfile(await resolveCallerUser(caller));

export const updateUserProfile: UserHandlers['update_user_profile'] = async (params, { caller }) => {
  // Resolving first creates the record on a first call, so the patch always has an item to change.
  await resolveCallerUser(caller);
  return toProfile(await saveProfile(caller.sub, params));
};
