import { apiMessages } from '../../../shared/api';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { userActions } from '../../domain/licenses/licenses.repository';
import { findUserById } from '../../domain/users/users.repository';
import { notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../lib/endpoint-app';

/** A user's detail for admins: who they are, and what was moved to or from them, newest first. */
export const getUserInformation: EndpointHandlers<typeof userAdminContract>['get_user_information'] = async ({ user_id }) => {
  const user = await findUserById(user_id);
  if (!user) throw notFound(apiMessages.userNotFound(user_id));
  const actions = await userActions(user_id);
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
    actions: actions.map((action) => ({
      id: action.at,
      created: action.at.slice(0, action.at.indexOf('#')),
      action: action.action,
      license_id: action.license_id ?? null,
      product_id: null,
      from_user_id: action.from_user_id ?? 0,
      to_user_id: action.to_user_id ?? 0,
      by_user_id: action.by_user_id,
    })),
  };
};
