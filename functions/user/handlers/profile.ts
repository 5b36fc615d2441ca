import type { EndpointHandlers } from '../../lib/endpoint-app';
import { resolveCallerUser, toProfile, updateUserProfile } from '../../lib/users';

type UserHandlers = EndpointHandlers<'user'>;

export const getUserProfile: UserHandlers['get_user_profile'] = async (_params, { caller }) =>
  toProfile(await resolveCallerUser(caller));

export const updateProfile: UserHandlers['update_user_profile'] = async (params, { caller }) => {
  // Resolving first creates the record on a first call, so the patch always has an item to change.
  await resolveCallerUser(caller);
  return toProfile(await updateUserProfile(caller.sub, params));
};
