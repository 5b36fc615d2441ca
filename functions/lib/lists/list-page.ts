/**
 * An admin list's page from rows held in memory: filtered, sorted by any column, counted and cut to one
 * numbered page. DynamoDB cannot give numbered pages sorted by any column with a total count, so every
 * admin list keeps its compact rows in memory (list-cache.ts) and pages them here.
 */

export type Cell = string | number | boolean | null | undefined;

export interface PageRequest<Row> {
  /** Keeps a row in the list. */
  filter?: (row: Row) => boolean;
  /** The column to sort by. */
  orderBy: keyof Row & string;
  descending: boolean;
  /** 1 is the first page. */
  page: number;
  limit: number;
  /** Breaks ties so a row keeps its place from one page to the next (e.g. its id). */
  tieBreaker: keyof Row & string;
}

export interface Page<Row> {
  rows: Row[];
  /** Rows that pass the filter, on every page. */
  count: number;
}

const isEmpty = (cell: Cell): boolean => cell === null || cell === undefined || cell === '';

/** Empty cells sort after every value, whichever the direction: they are what nobody is looking for. */
function compareCells(a: Cell, b: Cell, direction: 1 | -1): number {
  if (isEmpty(a) || isEmpty(b)) return Number(isEmpty(a)) - Number(isEmpty(b));
  if (typeof a === 'string' && typeof b === 'string') return direction * a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
  return direction * (a! < b! ? -1 : a! > b! ? 1 : 0);
}

export function pageOf<Row extends Record<string, Cell>>(rows: Iterable<Row>, request: PageRequest<Row>): Page<Row> {
  const kept = request.filter ? [...rows].filter(request.filter) : [...rows];
  const direction = request.descending ? -1 : 1;
  kept.sort(
    (a, b) =>
      compareCells(a[request.orderBy], b[request.orderBy], direction) ||
      compareCells(a[request.tieBreaker], b[request.tieBreaker], direction),
  );
  const start = (Math.max(1, request.page) - 1) * request.limit;
  return { rows: kept.slice(start, start + request.limit), count: kept.length };
}

/** How many pages `count` rows make: floor((count - 1) / size) + 1, and one page for none. */
export const pageCount = (count: number, size: number): number => Math.max(1, Math.floor((count - 1) / size) + 1);
