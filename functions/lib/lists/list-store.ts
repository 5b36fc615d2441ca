import { randomUUID } from 'node:crypto';
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { boolean } from 'dynamodb-toolbox/schema/boolean';
import { item } from 'dynamodb-toolbox/schema/item';
import { number } from 'dynamodb-toolbox/schema/number';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand as QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { getTableName } from '../config';
import { dataTable } from '../db/layout';
import { BULK_READ_OPTIONS } from '../aws-client-config';
import { documentClient, expiresIn, portalTable } from '../db/table';

/**
 * The one mechanism behind every admin list (licenses, users, products, codes …). Each listed kind keeps
 * a compact row per record, spread over LIST_SHARDS partitions so that loading them all is a few parallel
 * Queries, never a Scan; and a change log, so that a function's in-memory copy (list-cache.ts) catches up
 * with a few items per call. A listed record kind (lib/records/record-kind.ts) names its list, and the
 * write path adds the row's writes to the transaction of every write of such a record, so the row and
 * the log can never disagree with the record.
 *
 * | access pattern                 | key                                                   | operation        |
 * |--------------------------------|-------------------------------------------------------|------------------|
 * | every row of a kind            | pk `rows#{kind}#{shard}` (16 shards), sk `row#{id}`   | parallel Query   |
 * | a kind's changes since a time  | pk `changes#{kind}`, sk > `{bucket}` (ISO time)       | Query            |
 *
 * The log keeps one entry per record and CHANGE_BUCKET_MS of time (sk `{bucket}#{id}`), which the next
 * write of that record in the same bucket overwrites: a copy needs only each row's latest state, so a
 * customer's desktop app reserving and freeing a seat in a loop adds one entry every ten seconds, not one
 * per write, and the next admin call reads as many changes as records changed, however often.
 */
export const LIST_SHARDS = 16;
/** How long the change log keeps a change: a copy older than this loads afresh. */
export const CHANGE_LOG_SECONDS = 24 * 3600;
/** The change log's time buckets: one entry per record and bucket, the latest write's. */
export const CHANGE_BUCKET_MS = 10_000;

/** The start of the bucket a time falls in (ISO): every entry of that bucket sorts after it. */
export const changeBucketOf = (time: string): string =>
  new Date(Math.floor(Date.parse(time) / CHANGE_BUCKET_MS) * CHANGE_BUCKET_MS).toISOString();

export const ListRowEntity = new Entity({
  name: 'list-row',
  table: portalTable,
  schema: item({
    kind: string().key(),
    id: number().key(),
    /** The row's columns as JSON: compact, and the same shape for every kind. */
    data: string(),
    /** When the write that made this row happened (ISO); a copy never goes back to an older one. */
    version: string(),
  }),
  computeKey: ({ kind, id }) => ({ pk: `rows#${kind}#${id % LIST_SHARDS}`, sk: `row#${String(id).padStart(10, '0')}` }),
  timestamps: false,
});

export const ListChangeEntity = new Entity({
  name: 'list-change',
  table: portalTable,
  schema: item({
    kind: string().key(),
    /** `{bucket}#{id}` (ISO time of the bucket's start, id padded): in time order by bucket, one per record. */
    at: string().key(),
    id: number(),
    /** The row's new columns as JSON; absent when the record was removed from the list. */
    data: string().optional(),
    version: string(),
    /** Set on a bulk load's marker: every copy loads the kind afresh (the load wrote no change per row). */
    reload: boolean().optional(),
    ttl: number(),
  }),
  computeKey: ({ kind, at }) => ({ pk: `changes#${kind}`, sk: at }),
  timestamps: false,
});

/** The writes that keep a kind's list in step with a record: its row (or its removal) and a log entry. */
export function listRowWrites(kind: string, id: number, row: object | null, now = new Date()) {
  const version = now.toISOString();
  const data = row === null ? undefined : JSON.stringify(row);
  return [
    data === undefined
      ? ListRowEntity.build(DeleteTransaction).key({ kind, id })
      : ListRowEntity.build(PutTransaction).item({ kind, id, data, version }),
    ListChangeEntity.build(PutTransaction).item({
      kind,
      id,
      version,
      at: `${changeBucketOf(version)}#${String(id).padStart(10, '0')}`,
      ttl: expiresIn(CHANGE_LOG_SECONDS, now.getTime()),
      ...(data === undefined ? {} : { data }),
    }),
  ] as const;
}

/**
 * Tells every copy of a kind's list to load it afresh: for a bulk load (seed, import, migration) that
 * writes rows without a change each. Written after the rows.
 */
export async function requestListReload(kind: string, now = new Date()): Promise<void> {
  const version = now.toISOString();
  await ListChangeEntity.build(PutItemCommand)
    .item({ kind, id: 0, version, reload: true, at: `${changeBucketOf(version)}#reload#${randomUUID().slice(0, 8)}`, ttl: expiresIn(CHANGE_LOG_SECONDS, now.getTime()) })
    .send();
}

/**
 * One shard's rows. Read with the plain document client and a projection rather than through the
 * entity: a cold load reads every row of a kind, and formatting each through the schema would cost
 * more than the read.
 */
async function loadShard(kind: string, shard: number): Promise<{ id: number; data: string; version: string }[]> {
  const rows: { id: number; data: string; version: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommandInput({
        TableName: getTableName(),
        KeyConditionExpression: '#pk = :pk',
        ProjectionExpression: '#id, #data, #version',
        ExpressionAttributeNames: { '#pk': dataTable.partitionKey, '#id': 'id', '#data': 'data', '#version': 'version' },
        ExpressionAttributeValues: { ':pk': `rows#${kind}#${shard}` },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
      // 16 shards are read at once, and DynamoDB Local builds each page whole before it answers.
      BULK_READ_OPTIONS,
    );
    for (const item of page.Items ?? []) rows.push(item as { id: number; data: string; version: string });
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return rows;
}

/** Every row of a kind, read shard by shard in parallel. */
export async function loadListRows(kind: string): Promise<{ id: number; data: string; version: string }[]> {
  const shards = await Promise.all(Array.from({ length: LIST_SHARDS }, (_, shard) => loadShard(kind, shard)));
  return shards.flat();
}

/** One logged change as a copy reads it: the row's new JSON (absent when removed), or a reload marker. */
export interface ListChange {
  /** Its place in the log (`{bucket}#{id}`): a read goes on after it. */
  at?: string;
  id: number;
  version: string;
  data?: string;
  reload?: boolean;
}

/**
 * A kind's changes logged after `since` (an ISO time: from the start of its bucket, so some a little
 * older come too, which the reader's versions pass over; or a change's `at`: strictly after it), oldest
 * bucket first, read strongly consistent, at most `max` of them: `more` says whether there were more. Read
 * with the plain document client and a projection, as the rows are: a catch-up can read thousands.
 */
export async function readListChanges(kind: string, since: string, max = Infinity): Promise<{ changes: ListChange[]; more: boolean }> {
  since = since.includes('#') ? since : changeBucketOf(since);
  const changes: ListChange[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommandInput({
        TableName: getTableName(),
        KeyConditionExpression: '#pk = :pk AND #sk > :since',
        ProjectionExpression: '#sk, #id, #data, #version, #reload',
        ExpressionAttributeNames: { '#pk': dataTable.partitionKey, '#sk': dataTable.sortKey, '#id': 'id', '#data': 'data', '#version': 'version', '#reload': 'reload' },
        ExpressionAttributeValues: { ':pk': `changes#${kind}`, ':since': since },
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
        // One more than asked: whether there are more is known without reading them.
        ...(Number.isFinite(max) ? { Limit: max - changes.length + 1 } : {}),
      }),
    );
    for (const { [dataTable.sortKey]: at, ...item } of page.Items ?? []) changes.push({ ...(item as ListChange), at: at as string });
    startKey = page.LastEvaluatedKey;
  } while (startKey && changes.length <= max);
  return changes.length > max ? { changes: changes.slice(0, max), more: true } : { changes, more: false };
}
