import { apiMessages } from '../../../shared/api';
import type { userContract } from '../../../shared/contract/user';
import { requestDeletion } from '../../domain/accounts/request-deletion';
import { resolveCallerUser } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { forbidden, notFound } from '../../lib/errors';

export const userNotFound = 'User not found';

/** The caller's own account, or (admins only) another user's by id. */
export const deleteUserAccount: EndpointHandlers<typeof userContract>['delete_user_account'] = async ({ user_id }, { caller }) => {
  const me = await resolveCallerUser(caller);
  if (user_id === undefined || user_id === me.id) return requestDeletion(me);
  if (!caller.isAdmin) throw forbidden(caller.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
  const target = await findUserById(user_id);
  if (!target) throw notFound(userNotFound);
  return requestDeletion(target, me.id);
};
