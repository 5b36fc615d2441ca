import type { DeletionRequest } from '../../../shared/contract/user';
import { getEmailSender } from '../../lib/adapters/email';
import type { UserRecord } from '../users/users.repository';
import { deletionDeadline } from './deletion-deadline';
import { deletionMails } from './deletion-mails';
import { storeDeletionRequest } from './deletions.repository';

/**
 * Stores the request to delete `user`'s account; asking again returns the first request unchanged.
 * The user gets a mail saying when the account will be gone.
 */
export async function requestDeletion(user: UserRecord, requestedBy?: number, now = new Date()): Promise<DeletionRequest> {
  const { request, created } = await storeDeletionRequest({
    user_id: user.id,
    sub: user.sub,
    username: user.username,
    requested: now.toISOString(),
    delete_by: deletionDeadline(now).toISOString(),
    requested_by: requestedBy,
  });
  if (created) await getEmailSender().send(deletionMails.requested(user.email, user.username, request.delete_by));
  return { requested: request.requested, delete_by: request.delete_by };
}
