import * as z from 'zod/mini';
import { limitParam, listPaging } from './admin-list-params';

/**
 * The part of an admin list's declaration that the contract and the web app share (plain data, no server
 * code): its kind, the columns it sorts by (its cmd's `order_by`), its default order and its page size.
 * The server part (functions/lib/lists/declare-list.ts) adds the rows, search, sort values, joins and CSV.
 */
export interface ListColumns<Column extends string> {
  /** The list kind: its rows, change log and snapshot are kept under this name. */
  kind: string;
  /** The columns the list sorts by, as its cmd's `order_by` takes them. */
  orderBy: readonly [Column, ...Column[]];
  /** The order without an `order_by`; an `order_by` without `descending` is ascending. */
  defaultOrder: { orderBy: Column; descending: boolean };
  /** Rows a page of the admin screen shows. */
  pageSize: number;
  /** Rows a cmd answers when the caller sends no `limit` (the page size unless said). */
  defaultLimit?: number;
  /** The largest `limit` its cmd takes (MAX_LIST_LIMIT unless said). */
  maxLimit?: number;
}

/** Declares a list's shared part; the column names stay literal types (the contract's enum). */
export const declareListColumns = <const Column extends string>(columns: ListColumns<Column>): ListColumns<Column> => columns;

/** The page params of a searchable list's cmd: paging, direction, search, and its `order_by` columns. */
export const listParams = <Column extends string>(columns: ListColumns<Column>) => ({
  ...listPaging,
  ...(columns.maxLimit === undefined ? {} : { limit: limitParam(columns.maxLimit) }),
  order_by: z.optional(z.enum(columns.orderBy)),
});

/** The order params alone (a CSV export of the list takes its order and search, no page). */
export const listOrderParams = <Column extends string>(columns: ListColumns<Column>) => ({
  order_by: z.optional(z.enum(columns.orderBy)),
  descending: listPaging.descending,
  search: listPaging.search,
});
