import { apiMessages } from '../../../shared/api';
import type { userContract } from '../../../shared/contract/user';
import { pendingDeletionOf, requestDeletion, withdrawDeletion } from '../../domain/accounts/request-deletion';
import { findUserById } from '../../domain/users/users.repository';
import type { EndpointHandlers, Viewer } from '../../endpoint';
import { forbidden, notFound } from '../../lib/errors';

export const userNotFound = 'User not found';

type Handlers = EndpointHandlers<typeof userContract>;

/** Another user's account, for an admin only. */
async function otherUser({ isAdmin, caller }: Viewer, userId: number) {
  if (!isAdmin) throw forbidden(caller.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
  const target = await findUserById(userId);
  if (!target) throw notFound(userNotFound);
  return target;
}

/** The caller's own account, or (admins only) another user's by id. */
export const deleteUserAccount: Handlers['delete_user_account'] = async ({ user_id }, { viewer }) => {
  if (user_id === undefined || user_id === viewer.userId) return requestDeletion(await viewer.user());
  return requestDeletion(await otherUser(viewer, user_id), viewer.userId);
};

/** The caller's own pending deletion. */
export const getAccountDeletion: Handlers['get_account_deletion'] = async (_params, { viewer }) => ({ request: await pendingDeletionOf(viewer.userId) });

/**
 * Withdraws the caller's own pending deletion, or (admins only) another user's; an admin may withdraw any.
 * A customer's withdrawals a day are limited (refused ones too): a request and its withdrawal each send a mail.
 */
export const withdrawAccountDeletion: Handlers['withdraw_account_deletion'] = async ({ user_id }, { viewer }) => {
  if (user_id === undefined || user_id === viewer.userId) return withdrawDeletion(await viewer.user(), viewer.isAdmin);
  return withdrawDeletion(await otherUser(viewer, user_id), true, new Date(), { by_user_id: viewer.userId });
};
