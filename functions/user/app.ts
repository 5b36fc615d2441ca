import { createEndpointApp } from '../lib/endpoint-app';
import { getUserProfile, updateProfile } from './handlers/profile';

/** The `user` endpoint: profile now; account, admin and IV-curve cmds join as their issues land. */
export const userApp = createEndpointApp('user', {
  get_user_profile: getUserProfile,
  update_user_profile: updateProfile,
});
