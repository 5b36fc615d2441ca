import { Table, VisuallyHidden } from '@mantine/core';

/**
 * The header of a table's actions column: named for screen readers, empty on screen. Positioned, so the
 * hidden text stays inside a table that scrolls sideways on a narrow screen.
 */
export function ActionsTh() {
  return (
    <Table.Th pos="relative">
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}
