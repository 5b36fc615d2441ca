import { userContract } from '../../shared/contract/user';
import { createEndpointApp } from '../lib/endpoint-app';
import { deleteUserAccount } from './handlers/delete-user-account';
import { getAdmins } from './handlers/get-admins';
import { getUserProfile, updateUserProfile } from './handlers/profile';
import { signOut } from './handlers/sign-out';

export const app = createEndpointApp(userContract, {
  get_user_profile: getUserProfile,
  update_user_profile: updateUserProfile,
  delete_user_account: deleteUserAccount,
  get_admins: getAdmins,
  sign_out: signOut,
});
