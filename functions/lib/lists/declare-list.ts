import type { ListColumns } from '../../../shared/lists/declare';
import { getTableName } from '../config';
import { ListCache } from './list-cache';
import { pageOf, type Cell } from './list-page';
import { listRowWrites } from './list-store';

/**
 * The other lists a list reads beside its own rows (e.g. the owners' emails from the users list), by name:
 * each by id, or an index derived from one by another key (registered units by uid).
 */
export type Joined = Record<string, ReadonlyMap<number | string, unknown>>;

/** What every list cmd may take: a page, an order, and (a searchable list) a search. */
export interface ListParams<Column extends string> {
  order_by?: Column;
  descending?: boolean;
  page?: number;
  limit?: number;
  search?: string | null;
}

/** The fields a search looks in. */
export interface ListSearch<Row, J extends Joined> {
  numbers?: (row: Row) => readonly (number | null | undefined)[];
  texts: (row: Row, joined: J) => readonly (string | null | undefined)[];
}

/**
 * The server part of an admin list's declaration: how a record becomes its compact row, what a search
 * finds, what each column sorts by, which lists it joins, what a page answers per row and what its CSV
 * export holds. From it come the rows' writes (for the repository's transactions), the function's copy
 * of the rows, the page handler and the CSV export (declareList).
 */
export interface ListSpec<Record, Row extends { id: number }, J extends Joined, Column extends string, Result, Params extends ListParams<Column>> {
  /** The shared part: kind, `order_by` columns, default order, page size. */
  columns: ListColumns<Column>;
  /** The compact row a record keeps in the list: its listed, filtered and action columns. */
  row: (record: Record) => Row;
  /** The lists joined when a page is read, by name (a copy of each, kept as this one is). */
  joins?: { [K in keyof J]: { current(): Promise<J[K]> } };
  /**
   * A search (`search` param) finds a row when it is a whole number one of `numbers` equals, or text
   * one of `texts` holds, without regard to case. A list without it takes no search.
   */
  search?: ListSearch<Row, J>;
  /** Filters of the list's own (beyond the search), from the params. */
  filter?: (params: Params, joined: J, now: Date) => ((row: Row) => boolean) | undefined;
  /** What a column sorts by when not the row's own field of that name (a joined email, a derived value). */
  sort?: Partial<{ [K in Column]: (row: Row, joined: J) => Cell }>;
  /** A row as the cmd answers it. */
  result: (row: Row, joined: J, now: Date) => Result;
  /** The CSV export's columns: header and cell, from the answered row. */
  csv?: readonly (readonly [header: string, cell: (result: Result, now: Date) => unknown])[];
}

/** A search's test of a row, or undefined for no search (blank). */
export function searchMatcher<Row, J extends Joined>(search: ListSearch<Row, J> | undefined, text: string | null | undefined, joined: J): ((row: Row) => boolean) | undefined {
  const wanted = text?.trim().toLowerCase();
  if (!search || !wanted) return undefined;
  const number = /^\d+$/.test(wanted) ? Number(wanted) : null;
  return (row) =>
    (number !== null && search.numbers !== undefined && search.numbers(row).includes(number)) ||
    search.texts(row, joined).some((value) => value != null && value.toLowerCase().includes(wanted));
}

/** A page size that takes every row: the CSV export's. */
const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/** An admin list from its declaration: its rows' writes, its copy, its page and its CSV export. */
export function declareList<Record, Row extends { id: number }, J extends Joined, Column extends string, Result, Params extends ListParams<Column> = ListParams<Column>>(
  spec: ListSpec<Record, Row, J, Column, Result, Params>,
) {
  const { kind, defaultOrder } = spec.columns;
  // One copy per table: a Lambda has one table; the local test stack serves each test file's table from
  // one process (scripts/local/tenants.ts), and one file's rows must not show in another's list.
  const copies = new Map<string, ListCache<Row>>();
  const cache = {
    current: (now?: number) => {
      const table = getTableName();
      let copy = copies.get(table);
      if (!copy) copies.set(table, (copy = new ListCache<Row>(kind)));
      return copy.current(now);
    },
  };

  /** The joined lists as this call sees them. */
  const joined = async (): Promise<J> => {
    const names = Object.keys(spec.joins ?? {}) as (keyof J & string)[];
    const maps = await Promise.all(names.map((name) => spec.joins![name].current()));
    return Object.fromEntries(names.map((name, i) => [name, maps[i]])) as unknown as J;
  };

  /** What a row sorts by in a column: the declared value, else its own field of that name. */
  const sortValue = (column: Column, j: J): ((row: Row) => Cell) => {
    const declared = spec.sort?.[column];
    if (declared) return (row) => declared(row, j);
    return (row) => (row as unknown as { [name: string]: Cell })[column];
  };

  /** The search and the list's own filters together, or undefined for none. */
  const filterOf = (params: Params, j: J, now: Date): ((row: Row) => boolean) | undefined => {
    const tests = [searchMatcher(spec.search, params.search, j), spec.filter?.(params, j, now)].filter((test) => test !== undefined);
    if (tests.length === 0) return undefined;
    if (tests.length === 1) return tests[0];
    return (row) => tests.every((test) => test(row));
  };

  /**
   * One page of `rows` as the params ask: filtered, sorted (the default order without `order_by`; an
   * `order_by` without `descending` ascending), ties by id, counted, and answered row by row.
   */
  const orderedFrom = (rows: Iterable<Row>, j: J, params: Params, now = new Date()) => {
    const orderBy = params.order_by ?? defaultOrder.orderBy;
    return pageOf(rows, {
      filter: filterOf(params, j, now),
      sortBy: sortValue(orderBy, j),
      descending: params.descending ?? (params.order_by === undefined ? defaultOrder.descending : false),
      tieBreaker: (row) => row.id,
      page: params.page ?? 1,
      limit: params.limit ?? spec.columns.defaultLimit ?? spec.columns.pageSize,
    });
  };

  /** The same page answered row by row. */
  const pageFrom = (rows: Iterable<Row>, j: J, params: Params, now = new Date()) => {
    const page = orderedFrom(rows, j, params, now);
    return { rows: page.rows.map((row) => spec.result(row, j, now)), count: page.count };
  };

  /** Every row and joined list as this call sees them: each change committed before it is in them. */
  const current = async () => {
    const [rows, j] = await Promise.all([cache.current(), joined()]);
    return { rows, joined: j };
  };

  return {
    kind,
    columns: spec.columns,
    spec,
    /** This function's copy of the rows, by id. */
    current: () => cache.current(),
    cache,
    joined,
    /** The list writes that go into the transaction of a record's write: its row as the write leaves it, or its removal. */
    writes: (id: number, record: Record | null, now: Date) => listRowWrites(kind, id, record === null ? null : spec.row(record), now),
    sortValue,
    /** Whether a row matches a search (the declared numbers and texts). */
    matches: (text: string | null | undefined, j: J) => searchMatcher(spec.search, text, j) ?? (() => true),
    pageFrom,
    /** The page handler's answer: one page of the list and how many rows match. */
    page: async (params: Params) => {
      const { rows, joined: j } = await current();
      return pageFrom(rows.values(), j, params);
    },
    /**
     * The filtered list in its order (up to `maxRows`), as a CSV export of the declared columns. Only
     * the page of row references is held; each row is answered and written as the file is (exports.ts).
     */
    csv: async (params: Params, maxRows = ALL_ROWS) => {
      if (!spec.csv) throw new Error(`The ${kind} list declares no CSV export`);
      const { rows, joined: j } = await current();
      const now = new Date();
      const ordered = orderedFrom(rows.values(), j, { ...params, page: 1, limit: maxRows }, now).rows;
      const columns = spec.csv;
      function* cells() {
        for (const row of ordered) {
          const result = spec.result(row, j, now);
          yield columns.map(([, cell]) => cell(result, now));
        }
      }
      // Loaded here: a function whose lists export nothing never loads the exports' S3 client.
      const { writeCsvExport } = await import('../exports');
      return writeCsvExport(
        columns.map(([header]) => header),
        cells(),
      );
    },
  };
}

export type DeclaredList = ReturnType<typeof declareList>;
