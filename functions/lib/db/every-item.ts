import type { Entity, FormattedItem } from 'dynamodb-toolbox/entity';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { portalTable } from './table';

/** Parallel segments of a whole-table read: the table's partitions are read side by side. */
const SEGMENTS = 4;

/**
 * Every stored item of an entity, page by page: a parallel Scan of the whole table. Only for an
 * operator's job over every record (the counters' back-fill and recount), never on a user's call.
 */
export async function* everyItemOf<E extends Entity>(entity: E): AsyncGenerator<FormattedItem<E>[]> {
  const pages = Array.from({ length: SEGMENTS }, (_, segment) => segmentPages(entity, segment));
  const pending = new Map(pages.map((pager, index) => [index, pager.next().then((result) => ({ index, result }))]));
  while (pending.size > 0) {
    const { index, result } = await Promise.race(pending.values());
    if (result.done) {
      pending.delete(index);
      continue;
    }
    pending.set(index, pages[index]!.next().then((next) => ({ index, result: next })));
    yield result.value;
  }
}

async function* segmentPages<E extends Entity>(entity: E, segment: number): AsyncGenerator<FormattedItem<E>[]> {
  let exclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await portalTable
      .build(ScanCommand)
      .entities(entity)
      .options({ segment, totalSegments: SEGMENTS, exclusiveStartKey, consistent: true })
      .send();
    yield (page.Items ?? []) as FormattedItem<E>[];
    exclusiveStartKey = page.LastEvaluatedKey;
  } while (exclusiveStartKey);
}
