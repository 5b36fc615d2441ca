import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { getTableName } from '../config';
import { documentClient } from './table';

/**
 * Every item of one partition of the table, read as stored and consistently (a read right after the
 * caller's own write shows it): for the hot reads of partitions only the write path writes, where the
 * toolbox's per-value checks cost more than the read (plain-format.ts formats such an item). `projection`
 * names the attributes read (default: all); `beginsWith`, a prefix of the sort keys read (default: any).
 */
export async function eachItemIn(
  partition: string,
  each: (item: Record<string, unknown>) => void,
  { projection, beginsWith }: { projection?: string; beginsWith?: string } = {},
): Promise<void> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: getTableName(),
        KeyConditionExpression: beginsWith === undefined ? 'pk = :partition' : 'pk = :partition AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':partition': partition, ...(beginsWith === undefined ? {} : { ':prefix': beginsWith }) },
        ...(projection ? { ProjectionExpression: projection } : {}),
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) each(item);
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
