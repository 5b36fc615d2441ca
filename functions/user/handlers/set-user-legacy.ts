import { apiMessages } from '../../../shared/api';
import type { userAdminContract } from '../../../shared/contract/user.admin';
import { findUserById, setUserLegacy as storeLegacy } from '../../domain/users/users.repository';
import { notFound } from '../../lib/errors';
import type { EndpointHandlers } from '../../endpoint';

/** The admin's "Allow legacy purchases" checkbox on a user's detail. */
export const setUserLegacy: EndpointHandlers<typeof userAdminContract>['set_user_legacy'] = async ({ user_id, legacy }) => {
  const user = await findUserById(user_id);
  if (!user) throw notFound(apiMessages.userNotFound(user_id));
  await storeLegacy(user.sub, legacy, { audited: true });
  return { user_id, legacy };
};
