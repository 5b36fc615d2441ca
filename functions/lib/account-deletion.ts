import { addBusinessDays, endOfDay } from 'date-fns';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { DeletionRequest } from '../../shared/contract';
import { getEmailSender } from './adapters/email';
import { cognito, isUserNotFound } from './cognito';
import { getAuthConfig } from './config';
import { AccountDeletionEntity, DeletionRequestEntity, EmailClaimEntity, UserEntity } from './db/entities';
import { portalTable } from './db/table';
import { logger } from './logger';
import { findUserBySub, type UserRecord } from './users';

/** The spec's promise: an account is gone within two working days of the request. */
export const DELETION_WORKING_DAYS = 2;

type PendingDeletion = { user_id: number; sub: string; username: string; requested: string; requested_by?: number };

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Stores the request to delete `user`'s account; asking again returns the first request unchanged.
 * The user gets a mail saying when the account will be gone.
 */
export async function requestDeletion(user: UserRecord, requestedBy?: number, now = new Date()): Promise<DeletionRequest> {
  const request = {
    user_id: user.id,
    sub: user.sub,
    username: user.username,
    requested: now.toISOString(),
    delete_by: endOfDay(addBusinessDays(now, DELETION_WORKING_DAYS)).toISOString(),
    requested_by: requestedBy,
  };
  try {
    await DeletionRequestEntity.build(PutItemCommand)
      .item(request)
      .options({ condition: { attr: 'user_id', exists: false } })
      .send();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await DeletionRequestEntity.build(GetItemCommand).key({ user_id: user.id }).send();
    if (!Item) throw error;
    return { requested: Item.requested, delete_by: Item.delete_by };
  }
  await getEmailSender().send({
    to: user.email,
    subject: 'Your account will be deleted',
    text:
      `We received a request to delete the account ${user.username}. The account and its data will be ` +
      `deleted within two working days, by ${request.delete_by.slice(0, 10)}. This cannot be undone.`,
  });
  return { requested: request.requested, delete_by: request.delete_by };
}

export async function pendingDeletions(): Promise<PendingDeletion[]> {
  const requests: PendingDeletion[] = [];
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await portalTable
      .build(QueryCommand)
      .entities(DeletionRequestEntity)
      .query({ index: 'gsi1', partition: 'deletion#pending' })
      .options({ exclusiveStartKey })
      .send();
    requests.push(...(page.Items ?? []));
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
  return requests;
}

/**
 * Deletes one account: the Cognito user, the user record and the email claim, then keeps an audit line
 * without personal data and closes the request. Each step tolerates having been done by an earlier,
 * interrupted run, so the job can always be run again.
 */
export async function deleteAccount(request: PendingDeletion, now = new Date()): Promise<void> {
  const user = await findUserBySub(request.sub);
  try {
    const { sdk, client } = await cognito();
    await client.send(new sdk.AdminDeleteUserCommand({ UserPoolId: getAuthConfig().userPoolId, Username: request.username }));
  } catch (error) {
    if (!isUserNotFound(error)) throw error;
  }
  if (user) {
    try {
      await EmailClaimEntity.build(DeleteItemCommand)
        .key({ email: user.email })
        .options({ condition: { attr: 'username', eq: user.username } })
        .send();
    } catch (error) {
      if (!isConditionFailure(error)) throw error; // the address is held by someone else now
    }
    await UserEntity.build(DeleteItemCommand).key({ sub: request.sub }).send();
  }
  await AccountDeletionEntity.build(PutItemCommand)
    .item({ user_id: request.user_id, requested: request.requested, deleted: now.toISOString(), requested_by: request.requested_by })
    .send();
  await DeletionRequestEntity.build(DeleteItemCommand).key({ user_id: request.user_id }).send();
  if (user) {
    await getEmailSender().send({
      to: user.email,
      subject: 'Your account has been deleted',
      text: `The account ${user.username} and its personal data have been deleted, as you asked.`,
    });
  }
}

/** The scheduled job: every pending request is carried out; one failure does not stop the others. */
export async function runDeletionJob(): Promise<{ deleted: number[]; failed: number[] }> {
  const result = { deleted: [] as number[], failed: [] as number[] };
  for (const request of await pendingDeletions()) {
    try {
      await deleteAccount(request);
      result.deleted.push(request.user_id);
    } catch (error) {
      logger.error('Account deletion failed; it stays pending', { user_id: request.user_id, error: error as Error });
      result.failed.push(request.user_id);
    }
  }
  logger.info('Account deletion job done', result);
  return result;
}

/** The audit line of a deleted account, if there is one. */
export async function findDeletionAudit(userId: number) {
  const { Item } = await AccountDeletionEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ?? null;
}
