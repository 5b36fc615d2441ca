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
