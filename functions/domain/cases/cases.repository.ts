import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { executeTransaction, type TransactionWrite } from '../../lib/db/aggregates';
import { auditWrites, changedValues, type AuditBy } from '../audit/audit.repository';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { CaseAttachmentEntity } from './case-attachment.entity';
import { CaseCommentEntity } from './case-comment.entity';
import { CaseEventEntity } from './case-event.entity';
import { caseCountChanges } from './case-figures';
import { caseListWrites } from './case-list';
import type { CaseAttachmentRecord, CaseCommentRecord, CaseEventRecord, CaseRecord } from './case-record';
import { CaseEntity, casePartition, casesOfPartition } from './case.entity';

/** The case changed since it was read (another comment, upload or admin came first): read again. */
export class CaseChangedError extends Error {
  override readonly name = 'CaseChangedError';
}

export async function findCase(id: number): Promise<CaseRecord | null> {
  const { Item } = await CaseEntity.build(GetItemCommand).key({ id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** A case with its comments (in the order written), attachments and history: one Query of its partition. */
export async function findCaseWithDetails(id: number) {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(CaseEntity, CaseCommentEntity, CaseAttachmentEntity, CaseEventEntity)
    .query({ partition: casePartition(id) })
    .options({ consistent: true, maxPages: Infinity, showEntityAttr: true })
    .send();
  const of = (name: string): unknown[] => Items.filter((item) => item.entity === name).map(({ entity: _entity, ...record }) => record);
  const kase = of('case')[0] as CaseRecord | undefined;
  if (!kase) return null;
  return {
    kase,
    comments: of('case-comment') as CaseCommentRecord[],
    attachments: of('case-attachment') as CaseAttachmentRecord[],
    history: of('case-event') as CaseEventRecord[],
  };
}

/** A user's cases. */
export async function casesOf(userId: number): Promise<CaseRecord[]> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(CaseEntity)
    .query({ index: 'gsi1', partition: casesOfPartition(userId) })
    .options({ maxPages: Infinity })
    .send();
  return Items;
}

/** An attachment by its id alone (the index finds its case; the record itself is then read consistently). */
export async function findAttachment(id: number): Promise<CaseAttachmentRecord | null> {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(CaseAttachmentEntity)
    .query({ index: 'gsi2', partition: `case-attachment#${id}` })
    .send();
  const found = Items[0];
  if (!found) return null;
  const { Item } = await CaseAttachmentEntity.build(GetItemCommand).key({ case_id: found.case_id, id }).options({ consistent: true }).send();
  return Item ?? null;
}

/** What goes with a case write besides the case itself. */
export interface CaseWriteParts {
  comment?: CaseCommentRecord;
  events?: readonly CaseEventRecord[];
  putAttachment?: CaseAttachmentRecord;
  /** An attachment whose upload completed: written over its `uploading` record, only while it is one. */
  completeAttachment?: CaseAttachmentRecord;
  deleteAttachment?: CaseAttachmentRecord;
  /**
   * An admin's change (assign, close, a comment that closes, deleting a customer's attachment): audited,
   * with the case fields it changes (`fields`), or the values it names (`before`, `after`), in the trails
   * of the case's owner and of `users`.
   */
  audit?: AuditBy & { fields?: readonly (keyof CaseRecord)[]; before?: Record<string, unknown>; after?: Record<string, unknown>; users?: readonly number[] };
}

/** The audit entry of an admin's change of a case: the named fields (or values) before and after, in its owner's trail. */
function caseAuditWrites(read: CaseRecord | null, next: CaseRecord, { fields = [], before, after, users = [], ...by }: NonNullable<CaseWriteParts['audit']>, now: Date) {
  const values = before || after ? { before: before ?? {}, after: after ?? {} } : changedValues(read, Object.fromEntries(fields.map((field) => [field, next[field] ?? null])));
  return auditWrites({ ...by, ...values, target: `case#${next.id}`, users: [next.user_id, ...users] }, now);
}

/**
 * Writes a case as `next` (with what goes with it), in one transaction with its list row and its counts
 * by state: `read` null for a new case (written once), else only while the stored revision is the one
 * read (CaseChangedError otherwise).
 */
export async function writeCase(read: CaseRecord | null, next: CaseRecord, parts: CaseWriteParts, now: Date): Promise<void> {
  const writes: TransactionWrite[] = [
    CaseEntity.build(PutTransaction)
      .item(next)
      .options({ condition: read ? { attr: 'revision', eq: read.revision } : { attr: 'id', exists: false } }),
    ...(parts.comment ? [CaseCommentEntity.build(PutTransaction).item(parts.comment)] : []),
    ...(parts.events ?? []).map((event) => CaseEventEntity.build(PutTransaction).item(event)),
    ...(parts.putAttachment ? [CaseAttachmentEntity.build(PutTransaction).item(parts.putAttachment)] : []),
    ...(parts.completeAttachment
      ? [CaseAttachmentEntity.build(PutTransaction).item(parts.completeAttachment).options({ condition: { attr: 'state', eq: 'uploading' } })]
      : []),
    ...(parts.deleteAttachment
      ? [CaseAttachmentEntity.build(DeleteTransaction).key({ case_id: parts.deleteAttachment.case_id, id: parts.deleteAttachment.id }).options({ condition: { attr: 'state', eq: parts.deleteAttachment.state } })]
      : []),
    ...caseListWrites(next, now),
    ...caseCountChanges(read, next),
    ...(parts.audit ? await caseAuditWrites(read, next, parts.audit, now) : []),
  ];
  try {
    await executeTransaction(writes);
  } catch (error) {
    if (isConditionFailure(error)) throw new CaseChangedError(`Case ${next.id} changed meanwhile`);
    throw error;
  }
}
