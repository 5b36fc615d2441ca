import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableFrame } from '../../../components/table-frame';

/**
 * A small table of figures with its caption: a header row and rows of a name and numbers. Narrow enough
 * for a phone; on a narrower screen it scrolls inside its frame, never the page. `empty` is said when
 * there are no rows.
 */
export function FigureTable({ caption, headers, rows, empty, minWidth = 240 }: { caption: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[]; empty?: string; minWidth?: number }) {
  return (
    <TableFrame label={caption} minWidth={minWidth}>
      <Table aria-label={caption} captionSide="top" striped withTableBorder>
        <Table.Caption style={{ textAlign: 'left', fontWeight: 600 }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header} style={index > 0 ? { textAlign: 'right' } : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && empty ? (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Text size="sm" c="dimmed">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row, rowIndex) => (
              <Table.Tr key={rowIndex}>
                {row.map((cell, index) => (
                  <Table.Td key={index} style={index > 0 ? { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } : undefined}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );
}
