import { createEndpointApp } from '../lib/endpoint-app';
import { deleteUserAccount, getAdmins } from './handlers/account';
import { getUserProfile, updateProfile } from './handlers/profile';

/** The `user` endpoint: profile and account now; admin and IV-curve cmds join as their issues land. */
export const userApp = createEndpointApp('user', {
  get_user_profile: getUserProfile,
  update_user_profile: updateProfile,
  delete_user_account: deleteUserAccount,
  get_admins: getAdmins,
});
