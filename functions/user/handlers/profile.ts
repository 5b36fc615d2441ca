import type { userContract } from '../../../shared/contract/user';
import { renameMember } from '../../domain/organisations/organisations.repository';
import { toProfile } from '../../domain/users/user-profile';
import { updateUserProfile as saveProfile } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../endpoint';

type UserHandlers = EndpointHandlers<typeof userContract>;

export const getUserProfile: UserHandlers['get_user_profile'] = async (_params, { viewer }) => toProfile(await viewer.user());

/**
 * The pipeline has kept the caller's record (created on a first call), so the patch always has an item to
 * change. Their organisations name them as their profile does: their memberships follow a new name.
 */
export const updateUserProfile: UserHandlers['update_user_profile'] = async (params, { viewer }) => {
  const saved = await saveProfile(viewer.caller.sub, params);
  await renameMember(saved);
  return toProfile(saved);
};
