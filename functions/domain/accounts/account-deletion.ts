import { getEmailSender } from '../../lib/adapters/email';
import { cognito } from '../../lib/cognito';
import { getAuthConfig } from '../../lib/config';
import { alertOperators, logger } from '../../lib/logger';
import { revokeAccount } from '../sessions/revocations.repository';
import { forgetUser } from '../user-data';
import { findUserBySub } from '../users/users.repository';
import { deletionMails } from './deletion-mails';
import { markDeletionStarted, pendingDeletions, recordDeletion, type PendingDeletion } from './deletions.repository';

/**
 * The Cognito username of the account with this `sub`, or null when it is gone. Looked up by sub, never
 * by the stored username: once an account is deleted its username can belong to someone else.
 */
async function cognitoUsernameOf(sub: string): Promise<string | null> {
  const { sdk, client } = await cognito();
  const { Users } = await client.send(
    new sdk.ListUsersCommand({ UserPoolId: getAuthConfig().userPoolId, Filter: `sub = "${sub.replace(/"/g, '')}"`, Limit: 1 }),
  );
  return Users?.[0]?.Username ?? null;
}

/**
 * Deletes one account: first its tokens are revoked (so nothing it sends is accepted or re-creates a
 * record), then the Cognito user goes, then every domain's user data meets the fate its domain declared
 * (functions/domain/user-data.ts: seats and shares released, licenses detached, units unregistered,
 * downloads and private IV curves deleted …, the user record last), a line without personal data is kept
 * and the request closed. Each step tolerates having been done by an earlier, interrupted run, so the job
 * can always be run again.
 */
export async function deleteAccount(request: PendingDeletion, now = new Date()): Promise<void> {
  await revokeAccount(request.sub);
  const username = await cognitoUsernameOf(request.sub);
  if (username) {
    const { sdk, client } = await cognito();
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: username }));
  }
  const user = await findUserBySub(request.sub);
  if (user) await forgetUser({ id: user.id, sub: user.sub, username: user.username, email: user.email }, now);
  await recordDeletion(request, now);
  if (user) await getEmailSender().send(deletionMails.done(user.email, user.username));
}

/**
 * The scheduled job: every pending request is carried out; one failure does not stop the others. Each
 * request is first marked started, which ends its withdrawal; one withdrawn since it was listed is skipped.
 */
export async function runDeletionJob(now = new Date()): Promise<{ deleted: number[]; failed: number[] }> {
  const result = { deleted: [] as number[], failed: [] as number[] };
  let pending: PendingDeletion[];
  try {
    pending = await pendingDeletions();
  } catch (error) {
    alertOperators('accountDeletionFailed', 'Account deletion job failed: pending requests could not be read', { error: error as Error });
    throw error;
  }
  const withdrawn: number[] = [];
  for (const request of pending) {
    try {
      const started = await markDeletionStarted(request, now);
      if (!started) {
        withdrawn.push(request.user_id);
        continue;
      }
      await deleteAccount(started, now);
      result.deleted.push(request.user_id);
    } catch (error) {
      alertOperators('accountDeletionFailed', 'Account deletion failed; it stays pending', { user_id: request.user_id, error: error as Error });
      result.failed.push(request.user_id);
    }
  }
  logger.info('Account deletion job done', { ...result, withdrawn });
  return result;
}
