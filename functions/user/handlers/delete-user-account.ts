import { apiMessages } from '../../../shared/api';
import { accountDeletionMessages } from '../../../shared/accounts/deletion';
import type { userContract } from '../../../shared/contract/user';
import { pendingDeletionOf, requestDeletion, withdrawDeletion } from '../../domain/accounts/request-deletion';
import { resolveCallerUser } from '../../domain/users/caller-user';
import { findUserById } from '../../domain/users/users.repository';
import type { Caller } from '../../lib/auth';
import { takeAttempt, type AttemptLimit } from '../../lib/db/attempt-limit';
import type { EndpointHandlers } from '../../lib/endpoint-app';
import { forbidden, notFound } from '../../lib/errors';

export const userNotFound = 'User not found';

type Handlers = EndpointHandlers<typeof userContract>;

/** Another user's account, for an admin only. */
async function otherUser(caller: Caller, userId: number) {
  if (!caller.isAdmin) throw forbidden(caller.adminNeedsMfa ? apiMessages.adminNeedsMfa : apiMessages.adminOnly);
  const target = await findUserById(userId);
  if (!target) throw notFound(userNotFound);
  return target;
}

/** The caller's own account, or (admins only) another user's by id. */
export const deleteUserAccount: Handlers['delete_user_account'] = async ({ user_id }, { caller }) => {
  const me = await resolveCallerUser(caller);
  if (user_id === undefined || user_id === me.id) return requestDeletion(me);
  return requestDeletion(await otherUser(caller, user_id), me.id);
};

/** The caller's own pending deletion. */
export const getAccountDeletion: Handlers['get_account_deletion'] = async (_params, { caller }) => {
  const me = await resolveCallerUser(caller);
  return { request: await pendingDeletionOf(me.id) };
};

/**
 * How many times a user may withdraw a deletion in a day (refused ones too). A request and its withdrawal
 * each send a mail, so without a bound a loop of both would send mails without end.
 */
export const MAX_WITHDRAWALS_PER_DAY = 5;
export const dailyWithdrawals: AttemptLimit = {
  action: 'withdraw-deletion',
  max: MAX_WITHDRAWALS_PER_DAY,
  windowSeconds: 24 * 3600,
  message: accountDeletionMessages.withdrawBudget(MAX_WITHDRAWALS_PER_DAY),
};

/** Withdraws the caller's own pending deletion, or (admins only) another user's; an admin may withdraw any. */
export const withdrawAccountDeletion: Handlers['withdraw_account_deletion'] = async ({ user_id }, { caller }) => {
  const me = await resolveCallerUser(caller);
  if (!caller.isAdmin) await takeAttempt(dailyWithdrawals, me.id);
  if (user_id === undefined || user_id === me.id) return withdrawDeletion(me, caller.isAdmin);
  return withdrawDeletion(await otherUser(caller, user_id), true, new Date(), { by_user_id: me.id });
};
