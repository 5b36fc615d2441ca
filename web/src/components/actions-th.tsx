import { Table, VisuallyHidden } from '@mantine/core';

/**
 * The header of a table's actions column: named for screen readers, empty on screen. The hidden name
 * stays inside a table that scrolls sideways (DataTable positions the table), and the column can be
 * pinned (a position of its own here would undo that).
 */
export function ActionsTh() {
  return (
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
