/** A list's order: the column it is sorted by, and the direction. */
export interface SortOrder<Column extends string> {
  orderBy: Column;
  descending: boolean;
}

/** A click on `column`'s header: the same column turns the direction round, another one sorts by it ascending. */
export function nextSort<Column extends string>(current: SortOrder<Column>, column: Column): SortOrder<Column> {
  return current.orderBy === column ? { orderBy: column, descending: !current.descending } : { orderBy: column, descending: false };
}
