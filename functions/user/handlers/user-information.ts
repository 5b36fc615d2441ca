import { apiMessages } from '../../../shared/api';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { userDetailParts } from '../../domain/user-detail';
import { findUserById } from '../../domain/users/users.repository';
import { notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';

/**
 * A user's User information for admins: who they are, and what each domain keeps of them and shows here
 * (their licenses, support cases, products, downloads and actions), as the domains declare it
 * (functions/domain/user-data.ts).
 */
export const getUserInformation: EndpointHandlers<typeof userAdminContract>['get_user_information'] = async ({ user_id }) => {
  const user = await findUserById(user_id);
  if (!user) throw notFound(apiMessages.userNotFound(user_id));
  const parts = await userDetailParts(user_id);
  return {
    user_id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company,
    email: user.email,
    legacy: user.legacy,
    ...parts,
    username: user.username,
    created: user.created,
  };
};
