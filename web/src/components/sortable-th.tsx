import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import type { SortOrder } from '../lib/sorting';
import classes from './sortable-th.module.css';

/** Up, down, or both (not sorted by this column): drawn, so no icon font is needed. */
function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <svg className={classes.icon} viewBox="0 0 10 14" width="10" height="14" aria-hidden="true" data-direction={direction ?? 'none'}>
      {direction !== 'descending' && <path d="M5 1 9 5.5H1z" />}
      {direction !== 'ascending' && <path d="M5 13 1 8.5h8z" />}
    </svg>
  );
}

interface SortableThProps<Column extends string> {
  column: Column;
  sort: SortOrder<Column>;
  onSort: (column: Column) => void;
  /** The header's text (or an icon with a visually hidden name). */
  children: ReactNode;
}

/**
 * A column header that sorts the list by its column: a button (the header's name) that turns the
 * direction round on a second click; the header says how the list is sorted (aria-sort).
 */
export function SortableTh<Column extends string>({ column, sort, onSort, children }: SortableThProps<Column>) {
  const direction = sort.orderBy === column ? (sort.descending ? 'descending' : 'ascending') : undefined;
  return (
    <Table.Th aria-sort={direction}>
      <UnstyledButton className={classes.button} onClick={() => onSort(column)}>
        <span>{children}</span>
        <SortIcon direction={direction} />
      </UnstyledButton>
    </Table.Th>
  );
}
