import { apiMessages } from '../../../shared/api';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { userDetailParts } from '../../domain/user-detail';
import { findUserById } from '../../domain/users/users.repository';
import { notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';

/**
 * A user's detail for admins: who they are, and what each domain keeps of them and shows here (their
 * actions, downloads, products and support cases, newest first), as the domains declare it (functions/domain/user-data.ts).
 */
export const getUserInformation: EndpointHandlers<typeof userAdminContract>['get_user_information'] = async ({ user_id }) => {
  const user = await findUserById(user_id);
  if (!user) throw notFound(apiMessages.userNotFound(user_id));
  const { actions, userDownloads, products, cases } = await userDetailParts(user_id);
  return {
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      company: user.company,
      legacy: user.legacy,
      created: user.created,
    },
    actions,
    userDownloads,
    products,
    cases,
  };
};
