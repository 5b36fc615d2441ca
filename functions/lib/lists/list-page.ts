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

/**
 * The page: each kept row's sort values are computed once (not once per comparison), so sorting
 * 100,000 rows stays a plain comparison of strings or numbers.
 */
export function pageOf<Row>(rows: Iterable<Row>, request: PageRequest<Row>): Page<Row> {
  const decorated: { row: Row; key: string | number | null; tie: string | number | null }[] = [];
  for (const row of rows) {
    if (request.filter && !request.filter(row)) continue;
    decorated.push({ row, key: sortValue(request.sortBy(row)), tie: sortValue(request.tieBreaker(row)) });
  }
  const direction = request.descending ? -1 : 1;
  decorated.sort((a, b) => compareValues(a.key, b.key, direction) || compareValues(a.tie, b.tie, direction));
  const start = (Math.max(1, request.page) - 1) * request.limit;
  return { rows: decorated.slice(start, start + request.limit).map((entry) => entry.row), count: decorated.length };
}

/** How many pages `count` rows make: floor((count - 1) / size) + 1, and one page for none. */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.floor((count - 1) / size) + 1);

/** Sorting by a column of the row itself. */
export const column =
  <Row>(name: keyof Row) =>
  (row: Row): Cell =>
    row[name] as Cell;
