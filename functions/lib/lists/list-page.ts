/**
 * An admin list's page from rows held in memory: filtered, sorted by any column, counted and cut to one
 * numbered page. DynamoDB cannot give numbered pages sorted by any column with a total count, so every
 * admin list keeps its compact rows in memory (list-cache.ts) and pages them here.
 */

export type Cell = string | number | boolean | null | undefined;

export interface PageRequest<Row> {
  /** Keeps a row in the list. */
  filter?: (row: Row) => boolean;
  /** The value a row sorts by (a column, or one derived from it such as the owner's email). */
  sortBy: (row: Row) => Cell;
  descending: boolean;
  /** 1 is the first page. */
  page: number;
  limit: number;
  /** Breaks ties so a row keeps its place from one page to the next (e.g. its id). */
  tieBreaker: (row: Row) => Cell;
}

export interface Page<Row> {
  rows: Row[];
  /** Rows that pass the filter, on every page. */
  count: number;
}

/** A cell as it sorts: letters without regard to case, booleans as 0 and 1, empty cells as null. */
function sortValue(cell: Cell): string | number | null {
  if (cell === null || cell === undefined || cell === '') return null;
  if (typeof cell === 'string') return cell.toLowerCase();
  return typeof cell === 'boolean' ? Number(cell) : cell;
}

/** Empty cells sort after every value, whichever the direction: they are what nobody is looking for. */
function compareValues(a: string | number | null, b: string | number | null, direction: 1 | -1): number {
  if (a === null || b === null) return Number(a === null) - Number(b === null);
  return direction * (a < b ? -1 : a > b ? 1 : 0);
}

type Entry<Row> = { row: Row; key: string | number | null; tie: string | number | null };

/**
 * Up to this many leading rows (pages before the asked one included) are picked by selection, which
 * compares most rows once with the last row kept; deeper pages sort every kept row.
 */
const SELECT_UP_TO = 2_000;

/**
 * The page: each kept row's sort values are computed once (not once per comparison). For the first
 * pages (the usual case) only the leading rows are kept in order while the list is read once; a deeper
 * page sorts the whole filtered list.
 */
export function pageOf<Row>(rows: Iterable<Row>, request: PageRequest<Row>): Page<Row> {
  const direction = request.descending ? -1 : 1;
  const compare = (a: Entry<Row>, b: Entry<Row>) => compareValues(a.key, b.key, direction) || compareValues(a.tie, b.tie, direction);
  const start = (Math.max(1, request.page) - 1) * request.limit;
  const wanted = start + request.limit;
  const selecting = wanted <= SELECT_UP_TO;
  const kept: Entry<Row>[] = [];
  let count = 0;
  for (const row of rows) {
    if (request.filter && !request.filter(row)) continue;
    count += 1;
    const entry = { row, key: sortValue(request.sortBy(row)), tie: sortValue(request.tieBreaker(row)) };
    if (!selecting) {
      kept.push(entry);
      continue;
    }
    if (kept.length === wanted && compare(entry, kept[wanted - 1]!) >= 0) continue;
    // Binary search for its place among the rows kept so far, which stay in order.
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(kept[middle]!, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    kept.splice(low, 0, entry);
    if (kept.length > wanted) kept.pop();
  }
  if (!selecting) kept.sort(compare);
  return { rows: kept.slice(start, start + request.limit).map((entry) => entry.row), count };
}

/** How many pages `count` rows make: floor((count - 1) / size) + 1, and one page for none. */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.floor((count - 1) / size) + 1);

/** Sorting by a column of the row itself. */
export const column =
  <Row>(name: keyof Row) =>
  (row: Row): Cell =>
    row[name] as Cell;
