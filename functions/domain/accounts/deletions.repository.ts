import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { AccountDeletionEntity } from './account-deletion.entity';
import { DeletionRequestEntity } from './deletion-request.entity';

export type PendingDeletion = FormattedItem<typeof DeletionRequestEntity>;

/** Stores the request unless one is pending; answers the pending one (the first) either way. */
export async function storeDeletionRequest(request: PendingDeletion): Promise<{ request: PendingDeletion; created: boolean }> {
  try {
    await DeletionRequestEntity.build(PutItemCommand)
      .item(request)
      .options({ condition: { attr: 'user_id', exists: false } })
      .send();
    return { request, created: true };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await DeletionRequestEntity.build(GetItemCommand).key({ user_id: request.user_id }).send();
    if (!Item) throw error;
    return { request: Item, created: false };
  }
}

/** The user's pending request, if there is one. */
export async function findDeletionRequest(userId: number): Promise<PendingDeletion | null> {
  const { Item } = await DeletionRequestEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ?? null;
}

/** What became of a withdrawal: done, nothing pending, or the deletion already under way. */
export type Withdrawal = { outcome: 'withdrawn'; request: PendingDeletion } | { outcome: 'none' } | { outcome: 'started' };

/**
 * Removes the user's request, unless the deletion job has started on it (its `started` mark): one
 * conditional delete, so a withdrawal and the job's start cannot both win.
 */
export async function withdrawDeletionRequest(userId: number): Promise<Withdrawal> {
  try {
    const { Attributes } = await DeletionRequestEntity.build(DeleteItemCommand)
      .key({ user_id: userId })
      .options({
        condition: { and: [{ attr: 'user_id', exists: true }, { attr: 'started', exists: false }] },
        returnValues: 'ALL_OLD',
      })
      .send();
    return Attributes ? { outcome: 'withdrawn', request: Attributes } : { outcome: 'none' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await findDeletionRequest(userId)) ? { outcome: 'started' } : { outcome: 'none' };
  }
}

/**
 * Marks a request as started before the job touches the account; false when it was withdrawn since the
 * job listed it (then it is left alone). A request started by an earlier, interrupted run is started again.
 */
export async function markDeletionStarted(request: PendingDeletion, now: Date): Promise<boolean> {
  try {
    await DeletionRequestEntity.build(PutItemCommand)
      .item({ ...request, started: request.started ?? now.toISOString() })
      .options({ condition: { attr: 'user_id', exists: true } })
      .send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Every pending request, oldest first. */
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

/** Closes a request with its audit line (who by number, when; no personal data). */
export async function recordDeletion(request: PendingDeletion, deleted: Date): Promise<void> {
  await AccountDeletionEntity.build(PutItemCommand)
    .item({ user_id: request.user_id, requested: request.requested, deleted: deleted.toISOString(), requested_by: request.requested_by })
    .send();
  await DeletionRequestEntity.build(DeleteItemCommand).key({ user_id: request.user_id }).send();
}

/** The audit line of a deleted account, if there is one. */
export async function findDeletionAudit(userId: number) {
  const { Item } = await AccountDeletionEntity.build(GetItemCommand).key({ user_id: userId }).send();
  return Item ?? null;
}
