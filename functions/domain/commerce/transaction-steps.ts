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
