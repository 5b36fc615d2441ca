/**
 * `work` for every item, `size` at a time: the items of a batch run together, batches one after
 * another, so a long list neither waits on one read at a time nor floods the table. Results in item order.
 */
export async function mapInBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}
