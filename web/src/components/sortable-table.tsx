import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortOrder } from '../lib/sorting';
import { SortableTh } from './sortable-th';
import { TableFrame } from './table-frame';
import classes from './sortable-table.module.css';

interface SortableTableProps<Column extends string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly { column: Column; header: ReactNode }[];
  sort: SortOrder<Column>;
  onSort: (column: Column) => void;
  /** A new page, order or search is loading: the rows shown are the previous ones. */
  busy: boolean;
  /** Below this width the table scrolls sideways (at most about 1000, see TableFrame). */
  minWidth: number;
  /** The table's own styles (narrow columns …), beside the busy dimming. */
  className?: string;
  /** Header cells after the sortable ones: the row's actions, pinned at the right edge while the table scrolls. */
  extraHeaders?: ReactNode;
  /** Whether the last column (of extraHeaders) is pinned: not when the extra columns are values, not actions. */
  pinExtraHeaders?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** An admin list's table: every column header sorts the list (on the server), the rows dim while a page loads. */
export function SortableTable<Column extends string>({
  label,
  columns,
  sort,
  onSort,
  busy,
  minWidth,
  className,
  extraHeaders,
  pinExtraHeaders = true,
  children,
}: SortableTableProps<Column>) {
  return (
    <TableFrame label={label} minWidth={minWidth} pinnedActions={extraHeaders !== undefined && pinExtraHeaders}>
      <Table
        striped
        verticalSpacing={6}
        fz="sm"
        aria-label={label}
        aria-busy={busy}
        className={className ? `${classes.table} ${className}` : classes.table}
        data-busy={busy || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map(({ column, header }) => (
              <SortableTh key={column} column={column} sort={sort} onSort={onSort}>
                {header}
              </SortableTh>
            ))}
            {extraHeaders}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableFrame>
  );
}
