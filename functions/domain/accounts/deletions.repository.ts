import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import type { Condition } from 'dynamodb-toolbox/entity/actions/parseCondition';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { ChangeAudit } from '../../lib/records/record-kind';
import { writeChanges } from '../../lib/records/write-changes';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import type { AuditBy } from '../audit/audit.repository';
import { AccountDeletionEntity } from './account-deletion.entity';
import { deletionRequestKind } from './deletion-request.kind';
import { DeletionRequestEntity, PENDING_DELETIONS_PARTITION } from './deletion-request.entity';

export type PendingDeletion = FormattedItem<typeof DeletionRequestEntity>;

/** The audit entry of an administrator's change to another user's pending deletion: the values it names. */
const deletionAudit = (audit: AuditBy, before: Record<string, unknown>, after: Record<string, unknown>): ChangeAudit => ({ ...audit, values: { before, after } });

/**
 * Stores the request unless one is pending; answers the pending one (the first) either way. An
 * administrator's request for another user (`audit`) writes its audit entry in the same transaction.
 */
export async function storeDeletionRequest(request: PendingDeletion, audit?: AuditBy): Promise<{ request: PendingDeletion; created: boolean }> {
  try {
    const condition = { attr: 'user_id', exists: false } as const;
    if (audit) {
      await writeChanges([deletionRequestKind.change({ before: null, after: request, condition, audit: deletionAudit(audit, { delete_by: null }, { delete_by: request.delete_by }) })]);
    } else {
      await DeletionRequestEntity.build(PutItemCommand).item(request).options({ condition }).send();
    }
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

/**
 * Makes a pending request an administrator's too (`requested_by`): an administrator asked for the
 * deletion of an account whose user had already asked. From then on only an administrator may withdraw
 * it. Changes nothing when none is pending, it already names an administrator, or the job has started.
 */
export async function markRequestedBy(userId: number, adminId: number): Promise<void> {
  const pending = await findDeletionRequest(userId);
  if (!pending) return;
  try {
    const change = deletionRequestKind.change({
      before: pending,
      after: { ...pending, requested_by: adminId },
      condition: { and: [{ attr: 'user_id', exists: true }, { attr: 'requested_by', exists: false }, { attr: 'started', exists: false }] },
      // The administrator makes the user's request theirs: audited as their request.
      audit: deletionAudit({ by_user_id: adminId }, { requested_by: null }, { requested_by: adminId, delete_by: pending.delete_by }),
    });
    await writeChanges([change]);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** What became of a withdrawal: done, nothing pending, the deletion already under way, or an administrator's to withdraw. */
export type Withdrawal = { outcome: 'withdrawn'; request: PendingDeletion } | { outcome: 'none' } | { outcome: 'started' } | { outcome: 'askedByAdmin' };

/**
 * Removes the user's request, unless the deletion job has started on it (its `started` mark), or, for the
 * user (`byAdmin` false), an administrator asked for it: one conditional delete, so a withdrawal cannot
 * win over the job's start, nor over an administrator's request that came after the user's check.
 */
export async function withdrawDeletionRequest(userId: number, { byAdmin, audit }: { byAdmin: boolean; audit?: AuditBy }): Promise<Withdrawal> {
  const condition: Condition<typeof DeletionRequestEntity> = {
    and: [{ attr: 'user_id', exists: true }, { attr: 'started', exists: false }, ...(byAdmin ? [] : [{ attr: 'requested_by', exists: false } as const])],
  };
  try {
    if (audit) {
      // An administrator withdrawing another user's deletion: the request and the audit entry in one transaction.
      const pending = await findDeletionRequest(userId);
      if (!pending) return { outcome: 'none' };
      await writeChanges([deletionRequestKind.change({ before: pending, after: null, condition, audit: deletionAudit(audit, { delete_by: pending.delete_by }, { delete_by: null }) })]);
      return { outcome: 'withdrawn', request: pending };
    }
    const { Attributes } = await DeletionRequestEntity.build(DeleteItemCommand)
      .key({ user_id: userId })
      .options({ condition, returnValues: 'ALL_OLD' })
      .send();
    return Attributes ? { outcome: 'withdrawn', request: Attributes } : { outcome: 'none' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const pending = await findDeletionRequest(userId);
    if (!pending) return { outcome: 'none' };
    return pending.started === undefined ? { outcome: 'askedByAdmin' } : { outcome: 'started' };
  }
}

/**
 * Marks a request as started before the job touches the account, and answers it as stored now (an
 * administrator may have asked since the job listed it); null when it was withdrawn since the job listed
 * it (then it is left alone). Only the mark is written, so nothing asked since is lost. A request started
 * by an earlier, interrupted run is started again.
 */
export async function markDeletionStarted(request: PendingDeletion, now: Date): Promise<PendingDeletion | null> {
  try {
    const { Attributes } = await DeletionRequestEntity.build(UpdateItemCommand)
      .item({ user_id: request.user_id, started: request.started ?? now.toISOString() })
      .options({ condition: { attr: 'user_id', exists: true }, returnValues: 'ALL_NEW' })
      .send();
    return Attributes ?? null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
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
      .query({ index: 'gsi1', partition: PENDING_DELETIONS_PARTITION })
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
