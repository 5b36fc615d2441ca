import { transactionSize, type TransactionWrite } from '../../lib/db/write-transaction';

/**
 * Units of writes that belong together, packed in order into steps of at most `room` items each (DynamoDB
 * takes 100 items a transaction); a unit is never split, so one larger than `room` can never be written.
 */
export function packedSteps<T>(units: readonly T[], room: number, sizeOf: (unit: T) => number): T[][] {
  const steps: T[][] = [];
  let size = 0;
  for (const unit of units) {
    const items = sizeOf(unit);
    if (items > room) throw new Error(`Writes that belong together (${items}) exceed one transaction (${room})`);
    const last = steps.at(-1);
    if (last && size + items <= room) {
      last.push(unit);
      size += items;
    } else {
      steps.push([unit]);
      size = items;
    }
  }
  return steps;
}

/**
 * Units of writes packed in order into transactions of at most `room` items each, measured as written:
 * the counter changes of a step's units merged (executeTransaction), so the units of one step that count
 * for the same figures share its items. A unit is never split; one that can never fit throws.
 */
export function packedWriteSteps<T>(units: readonly T[], room: number, writesOf: (unit: T) => readonly TransactionWrite[]): T[][] {
  const steps: T[][] = [];
  let writes: TransactionWrite[] = [];
  for (const unit of units) {
    const own = writesOf(unit);
    const alone = transactionSize(own);
    if (alone > room) throw new Error(`Writes that belong together (${alone}) exceed one transaction (${room})`);
    const last = steps.at(-1);
    if (last && transactionSize([...writes, ...own]) <= room) {
      last.push(unit);
      writes.push(...own);
    } else {
      steps.push([unit]);
      writes = [...own];
    }
  }
  return steps;
}
