import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { TransactionWrite } from '../../lib/db/write-transaction';
import { writeChanges } from '../../lib/records/write-changes';
import type { AuditBy } from '../audit/audit.repository';
import { isConditionFailure, portalTable } from '../../lib/db/table';
import { attachmentIndexPartition, CaseAttachmentEntity } from './case-attachment.entity';
import { CaseCommentEntity } from './case-comment.entity';
import { CaseEventEntity } from './case-event.entity';
import { caseKind } from './case.kind';
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

/** Every record of one kind in a case's partition (its key begins `{prefix}#`), in key order. */
async function partOfCase<E extends typeof CaseAttachmentEntity | typeof CaseEventEntity>(id: number, entity: E, prefix: string) {
  const { Items = [] } = await portalTable
    .build(QueryCommand)
    .entities(entity)
    .query({ partition: casePartition(id), range: { beginsWith: `${prefix}#` } })
    .options({ consistent: true, maxPages: Infinity })
    .send();
  return Items;
}

/**
 * A case with its attachments (at most MAX_ATTACHMENTS_PER_CASE) and history; its comments, which have no
 * such bound, are read a page at a time (commentsBefore).
 */
export async function findCaseWithDetails(id: number) {
  const [kase, attachments, history] = await Promise.all([findCase(id), partOfCase(id, CaseAttachmentEntity, 'attachment'), partOfCase(id, CaseEventEntity, 'event')]);
  if (!kase) return null;
  return { kase, attachments: attachments as CaseAttachmentRecord[], history: history as CaseEventRecord[] };
}

const commentSortKey = (id: number) => `comment#${String(id).padStart(10, '0')}`;

/**
 * A case's comments written before the comment `before` (null: the newest), newest first, `count` at
 * most a read; `next` continues where this read stopped (undefined: there are no more).
 */
export async function commentsBefore(caseId: number, before: number | null, count: number, next?: Record<string, unknown>) {
  const page = await portalTable
    .build(QueryCommand)
    .entities(CaseCommentEntity)
    .query({ partition: casePartition(caseId), range: before === null ? { beginsWith: 'comment#' } : { between: ['comment#', commentSortKey(before - 1)] } })
    .options({ consistent: true, reverse: true, limit: count, ...(next ? { exclusiveStartKey: next } : {}) })
    .send();
  return { comments: (page.Items ?? []) as CaseCommentRecord[], next: page.LastEvaluatedKey as Record<string, unknown> | undefined };
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
    .query({ index: 'gsi2', partition: attachmentIndexPartition(id) })
    .send();
  const found = Items[0];
  if (!found) return null;
  const { Item } = await CaseAttachmentEntity.build(GetItemCommand).key({ case_id: found.case_id, id }).options({ consistent: true }).send();
  return Item ?? null;
}

/**
 * Takes a presigned upload to complete: `uploading` becomes `completing`, only while it is `uploading`.
 * One completion wins and copies the staged file; false for every other (completed, being completed or deleted).
 */
export async function claimUpload(attachment: CaseAttachmentRecord): Promise<boolean> {
  return moveUpload(attachment, 'uploading', 'completing');
}

/** Gives back a claimed upload whose completion failed (`completing` to `uploading`), so it may be completed again. */
export async function releaseUpload(attachment: CaseAttachmentRecord): Promise<void> {
  await moveUpload(attachment, 'completing', 'uploading');
}

async function moveUpload(attachment: CaseAttachmentRecord, from: CaseAttachmentRecord['state'], to: CaseAttachmentRecord['state']): Promise<boolean> {
  try {
    await CaseAttachmentEntity.build(PutItemCommand).item({ ...attachment, state: to }).options({ condition: { attr: 'state', eq: from } }).send();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** What goes with a case write besides the case itself. */
export interface CaseWriteParts {
  comment?: CaseCommentRecord;
  events?: readonly CaseEventRecord[];
  putAttachment?: CaseAttachmentRecord;
  /** An attachment whose upload completed: written over its `completing` record (see claimUpload), only while it is one. */
  completeAttachment?: CaseAttachmentRecord;
  deleteAttachment?: CaseAttachmentRecord;
  /**
   * An admin's change (assign, close, a comment that closes, deleting a customer's attachment): audited,
   * with the case fields it changes (`fields`), or the values it names (`before`, `after`), in the trails
   * of the case's owner and of `users`.
   */
  audit?: AuditBy & { fields?: readonly (keyof CaseRecord)[]; before?: Record<string, unknown>; after?: Record<string, unknown>; users?: readonly number[] };
}

/**
 * Writes a case as `next` (with what goes with it), in one transaction with its list row and its counts
 * by state: `read` null for a new case (written once), else only while the stored revision is the one
 * read (CaseChangedError otherwise).
 */
export async function writeCase(read: CaseRecord | null, next: CaseRecord, parts: CaseWriteParts, now: Date): Promise<void> {
  const audit = parts.audit && {
    by_user_id: parts.audit.by_user_id,
    also: parts.audit.users ?? [],
    ...(parts.audit.before || parts.audit.after ? { values: { before: parts.audit.before, after: parts.audit.after } } : { fields: parts.audit.fields ?? [] }),
  };
  const items: TransactionWrite[] = [
    ...(parts.comment ? [CaseCommentEntity.build(PutTransaction).item(parts.comment)] : []),
    ...(parts.events ?? []).map((event) => CaseEventEntity.build(PutTransaction).item(event)),
    ...(parts.putAttachment ? [CaseAttachmentEntity.build(PutTransaction).item(parts.putAttachment)] : []),
    ...(parts.completeAttachment
      ? [CaseAttachmentEntity.build(PutTransaction).item(parts.completeAttachment).options({ condition: { attr: 'state', eq: 'completing' } })]
      : []),
    ...(parts.deleteAttachment
      ? [CaseAttachmentEntity.build(DeleteTransaction).key({ case_id: parts.deleteAttachment.case_id, id: parts.deleteAttachment.id }).options({ condition: { attr: 'state', eq: parts.deleteAttachment.state } })]
      : []),
  ];
  const change = caseKind.change({
    before: read,
    after: next,
    condition: read ? { attr: 'revision', eq: read.revision } : { attr: 'id', exists: false },
    ...(audit ? { audit } : {}),
  });
  try {
    await writeChanges([change], { items, now });
  } catch (error) {
    if (isConditionFailure(error)) throw new CaseChangedError(`Case ${next.id} changed meanwhile`);
    throw error;
  }
}
