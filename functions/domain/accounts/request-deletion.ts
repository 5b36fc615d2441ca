import { accountDeletionMessages } from '../../../shared/accounts/deletion';
import type { DeletionRequest, PendingDeletion } from '../../../shared/contract/user';
import { getEmailSender } from '../../lib/adapters/email';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { UserRecord } from '../users/users.repository';
import type { AuditBy } from '../audit/audit.repository';
import { deletionDeadline } from './deletion-deadline';
import { deletionMails } from './deletion-mails';
import { findDeletionRequest, markRequestedBy, storeDeletionRequest, withdrawDeletionRequest } from './deletions.repository';

/**
 * Stores the request to delete `user`'s account; asking again returns the first request unchanged.
 * The user gets a mail saying when the account will be gone. An administrator asking for a deletion the
 * user already asked for makes that request theirs too: the user can no longer withdraw it. An
 * administrator's request is audited, in the same transaction.
 */
export async function requestDeletion(user: UserRecord, requestedBy?: number, now = new Date()): Promise<DeletionRequest> {
  const { request, created } = await storeDeletionRequest({
    user_id: user.id,
    sub: user.sub,
    username: user.username,
    requested: now.toISOString(),
    delete_by: deletionDeadline(now).toISOString(),
    requested_by: requestedBy,
  }, requestedBy !== undefined ? { by_user_id: requestedBy } : undefined);
  if (created) await getEmailSender().send(deletionMails.requested(user.email, user.username, request.delete_by));
  else if (requestedBy !== undefined && request.requested_by === undefined) await markRequestedBy(user.id, requestedBy);
  return { requested: request.requested, delete_by: request.delete_by };
}

/** The user's pending deletion as they see it, or null. */
export async function pendingDeletionOf(userId: number): Promise<PendingDeletion | null> {
  const request = await findDeletionRequest(userId);
  if (!request) return null;
  return { requested: request.requested, delete_by: request.delete_by, by_admin: request.requested_by !== undefined };
}

/**
 * Withdraws `user`'s pending deletion (`byAdmin`: an administrator withdraws it). A request an
 * administrator made is the user's to withdraw only through an administrator; one the job has started
 * on cannot be withdrawn. The user gets a mail saying the account stays. An administrator's withdrawal
 * of another user's deletion (`audit`) is audited in the same transaction.
 */
export async function withdrawDeletion(user: UserRecord, byAdmin: boolean, now = new Date(), audit?: AuditBy): Promise<{ withdrawn: string }> {
  const withdrawal = await withdrawDeletionRequest(user.id, { byAdmin, ...(audit ? { audit } : {}) });
  if (withdrawal.outcome === 'none') throw notFound(accountDeletionMessages.nonePending);
  if (withdrawal.outcome === 'started') throw conflict(accountDeletionMessages.alreadyStarted);
  if (withdrawal.outcome === 'askedByAdmin') throw forbidden(accountDeletionMessages.askedByAdmin);
  await getEmailSender().send(deletionMails.withdrawn(user.email, user.username));
  return { withdrawn: now.toISOString() };
}
